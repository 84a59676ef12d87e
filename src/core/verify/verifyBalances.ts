import type { Address, Hex } from 'viem';
import { isCairnError } from '../errors/base';
import { VerifyError, type VerifyErrorCode } from '../errors/verify';
import { codeValue, type Message, msg } from '../i18n/message';
import { ProofFailedError, type ProvenAccount, provenAccount, provenSlot } from './accountProof';
import {
  type BalanceLayout,
  balanceInWord,
  balanceSlot,
  IMPLEMENTATION_SLOTS,
  PROBED_LAYOUTS,
  tokenCodeKey,
} from './balanceLayouts';
import type { LayoutBook } from './layoutBook';
import { proofFrom, type Source } from './sources';
import { agreedHeader, type HeaderTrust, pinnedHeader, type TrustedHeader } from './trustedHeader';

/** What the node claimed, as of one block: balances keyed by lower-case account, then token. */
export type BalanceClaims = {
  blockNumber: bigint;
  accounts: readonly Address[];
  tokens: readonly Address[];
  native: ReadonlyMap<string, bigint>;
  tokenBalances: ReadonlyMap<string, ReadonlyMap<string, bigint>>;
};

/** One figure, checked: proven equal, not proven (and why), or proven different. */
export type FigureCheck =
  | { state: 'verified'; block: bigint }
  | { state: 'unverified'; reason: Message }
  | { state: 'contradicted'; claimed: bigint; proven: bigint; source: string };

export type BalanceCheck = {
  /** The block the figures are proven at. */
  block: bigint;
  header: TrustedHeader | undefined;
  /** What stopped a check, or found the node lying (a proof that fails, sources that disagree). */
  problems: VerifyError[];
  native: Map<string, FigureCheck>;
  tokens: Map<string, Map<string, FigureCheck>>;
};

/** The codes that mean a source said something false, not only that Cairn could not check. */
const LIES: readonly VerifyErrorCode[] = [
  'VERIFY_PROOF_FAILED',
  'VERIFY_HEADER_FORGED',
  'VERIFY_SOURCES_DISAGREE',
  'VERIFY_PIN_MISMATCH',
];

/** Whether the check caught a source saying something false: a banner, and sending held. */
export const caughtLying = (check: BalanceCheck): boolean =>
  check.problems.some((problem) => LIES.includes(problem.code)) ||
  [...check.native.values(), ...[...check.tokens.values()].flatMap((m) => [...m.values()])].some(
    (figure) => figure.state === 'contradicted',
  );

const unverified = (reason: Message): FigureCheck => ({ state: 'unverified', reason });

function compare(claimed: bigint | undefined, proven: bigint, check: CheckContext): FigureCheck {
  if (claimed === undefined) return unverified(msg('core.chain:verify.reason.notRead'));
  if (claimed === proven) return { state: 'verified', block: check.block };
  if (check.pinned)
    return unverified(msg('core.chain:verify.reason.changedSincePin', { block: check.block.toString() }));
  return { state: 'contradicted', claimed, proven, source: check.source.url };
}

type CheckContext = { block: bigint; source: Source; pinned: boolean; chainId: number; book: LayoutBook };

/** A proof that fails, as the VerifyError that names its source and account. */
function proofProblem(error: unknown, context: CheckContext, address: Hex): VerifyError {
  if (error instanceof ProofFailedError)
    return new VerifyError(
      'VERIFY_PROOF_FAILED',
      msg('core.chain:verify.proofFailed', {
        source: codeValue(context.source.url),
        address: codeValue(address),
        block: context.block.toString(),
      }),
      { details: error.message },
    );
  if (error instanceof VerifyError) return error;
  const text = isCairnError(error) ? error.text : msg('core.chain:verify.reason.notRead');
  return new VerifyError('VERIFY_NO_PROOFS', text, { cause: error });
}

/** Each token's slots for the first request: its kept layout's for every holder, or a probe's. */
function firstSlots(claims: BalanceClaims, context: CheckContext, token: Address): { slots: Hex[]; probe?: Address } {
  const kept = context.book.forToken(context.chainId, token);
  if (kept) return { slots: [...IMPLEMENTATION_SLOTS, ...claims.accounts.map((a) => balanceSlot(kept.layout, a))] };
  const probe = claims.accounts.find(
    (a) => (claims.tokenBalances.get(a.toLowerCase())?.get(token.toLowerCase()) ?? 0n) > 0n,
  );
  if (!probe) return { slots: [...IMPLEMENTATION_SLOTS] };
  return { slots: [...IMPLEMENTATION_SLOTS, ...PROBED_LAYOUTS.map((l) => balanceSlot(l, probe))], probe };
}

/** The layout under which `holder`'s proven word equals its claimed balance, if exactly one does. */
function probed(account: ProvenAccount, holder: Address, claimed: bigint): BalanceLayout | undefined {
  const matches: BalanceLayout[] = [];
  for (const layout of PROBED_LAYOUTS) {
    const word = provenSlot(account, balanceSlot(layout, holder));
    if (word === undefined) continue;
    if (word === claimed) matches.push(layout);
    else if (layout.kind === 'mapping' && balanceInWord({ ...layout, masked: true }, word) === claimed)
      matches.push({ ...layout, masked: true });
  }
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * Checks the claimed native and token balances against proofs under a trusted header: the
 * header from `trust` (every source agreeing, or the pinned block), the proofs from the first
 * source. An ERC-20's balances are proven from its storage when its layout is known or found
 * (kept in `book`); otherwise they stay unverified, saying why. One request per source; a token
 * seen for the first time takes one more to the first source.
 */
export async function verifyBalances(
  sources: readonly Source[],
  chainId: number,
  trust: HeaderTrust,
  claims: BalanceClaims,
  book: LayoutBook,
): Promise<BalanceCheck> {
  const [source] = sources;
  if (!source) throw new Error('verifyBalances needs at least one source');
  const block = trust.kind === 'pinned' ? trust.number : claims.blockNumber;
  const context: CheckContext = { block, source, pinned: trust.kind === 'pinned', chainId, book };
  const check: BalanceCheck = { block, header: undefined, problems: [], native: new Map(), tokens: new Map() };
  const plans = claims.tokens.map((token) => ({ token, ...firstSlots(claims, context, token) }));
  const settle = <T>(p: Promise<T>) =>
    p.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
  const [header, accountProofs, tokenProofs] = await Promise.all([
    settle(trust.kind === 'pinned' ? pinnedHeader(source, trust, claims.blockNumber) : agreedHeader(sources, block)),
    Promise.all(claims.accounts.map((account) => settle(proofFrom(source, account, [], block)))),
    Promise.all(plans.map((plan) => settle(proofFrom(source, plan.token, plan.slots, block)))),
  ]);
  if ('error' in header) {
    const problem = header.error instanceof VerifyError ? header.error : proofProblem(header.error, context, '0x');
    check.problems.push(problem);
    for (const account of claims.accounts) {
      check.native.set(account.toLowerCase(), unverified(problem.text));
      check.tokens.set(
        account.toLowerCase(),
        new Map(claims.tokens.map((t) => [t.toLowerCase(), unverified(problem.text)])),
      );
    }
    return check;
  }
  check.header = header.value;
  const stateRoot = header.value.stateRoot;

  claims.accounts.forEach((account, i) => {
    const key = account.toLowerCase();
    check.tokens.set(key, new Map());
    const answer = accountProofs[i] as { value: unknown } | { error: unknown };
    try {
      if ('error' in answer) throw answer.error;
      const proven = provenAccount(stateRoot, answer.value as Parameters<typeof provenAccount>[1]);
      check.native.set(key, compare(claims.native.get(key), proven.balance, context));
    } catch (error) {
      const problem = proofProblem(error, context, account);
      check.problems.push(problem);
      check.native.set(key, unverified(problem.text));
    }
  });

  const second: { token: Address; layout: BalanceLayout; holders: Address[] }[] = [];
  plans.forEach((plan, i) => {
    const answer = tokenProofs[i] as { value: unknown } | { error: unknown };
    const tokenKey = plan.token.toLowerCase();
    const setAll = (holders: readonly Address[], figure: (holder: Address) => FigureCheck) => {
      for (const holder of holders) check.tokens.get(holder.toLowerCase())?.set(tokenKey, figure(holder));
    };
    let proven: ProvenAccount;
    try {
      if ('error' in answer) throw answer.error;
      proven = provenAccount(stateRoot, answer.value as Parameters<typeof provenAccount>[1]);
    } catch (error) {
      const problem = proofProblem(error, context, plan.token);
      check.problems.push(problem);
      setAll(claims.accounts, () => unverified(problem.text));
      return;
    }
    const claimed = (holder: Address) => claims.tokenBalances.get(holder.toLowerCase())?.get(tokenKey);
    const codeKey = tokenCodeKey(
      proven.codeHash,
      IMPLEMENTATION_SLOTS.map((slot) => provenSlot(proven, slot) ?? 0n),
    );
    const kept = context.book.forToken(chainId, plan.token);
    if (kept && kept.key === codeKey) {
      setAll(claims.accounts, (holder) =>
        compare(
          claimed(holder),
          balanceInWord(kept.layout, provenSlot(proven, balanceSlot(kept.layout, holder)) ?? 0n),
          context,
        ),
      );
      return;
    }
    const layout =
      context.book.forCode(codeKey) ?? (plan.probe ? probed(proven, plan.probe, claimed(plan.probe) ?? 0n) : undefined);
    if (!layout) {
      if (kept) context.book.forget(chainId, plan.token);
      setAll(claims.accounts, () => unverified(msg('core.chain:verify.reason.layoutUnknown')));
      return;
    }
    context.book.keep(chainId, plan.token, codeKey, layout);
    second.push({ token: plan.token, layout, holders: [...claims.accounts] });
  });

  await Promise.all(
    second.map(async ({ token, layout, holders }) => {
      const tokenKey = token.toLowerCase();
      const slots = holders.map((holder) => balanceSlot(layout, holder));
      try {
        const proven = provenAccount(stateRoot, await proofFrom(source, token, slots, block));
        holders.forEach((holder, i) => {
          const word = provenSlot(proven, slots[i] as Hex) ?? 0n;
          const claimed = claims.tokenBalances.get(holder.toLowerCase())?.get(tokenKey);
          check.tokens.get(holder.toLowerCase())?.set(tokenKey, compare(claimed, balanceInWord(layout, word), context));
        });
      } catch (error) {
        const problem = proofProblem(error, context, token);
        check.problems.push(problem);
        for (const holder of holders) check.tokens.get(holder.toLowerCase())?.set(tokenKey, unverified(problem.text));
      }
    }),
  );
  return check;
}
