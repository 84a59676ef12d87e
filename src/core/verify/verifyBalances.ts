import type { Address, Hex } from 'viem';
import { MULTICALL3_ADDRESS } from '../chain/localChain';
import { isCairnError } from '../errors/base';
import { ChainError } from '../errors/chain';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import { ProofFailedError, type ProvenAccount, provenAccount, provenSlot, type RpcAccountProof } from './accountProof';
import {
  type BalanceLayout,
  balanceInWord,
  balanceSlot,
  IMPLEMENTATION_SLOTS,
  PROBED_LAYOUTS,
  tokenCodeKey,
} from './balanceLayouts';
import { balancesByCall } from './balancesByCall';
import {
  type BalanceCheck,
  type BalanceClaims,
  type ClaimsChecked,
  checkFigure,
  type FigureCheck,
  unverified,
} from './figureChecks';
import type { LayoutBook } from './layoutBook';
import { proofFrom, type Source } from './sources';
import {
  type HeaderTrust,
  SourceAheadError,
  type TrustedHeader,
  trustedBlock,
  trustedHeaderFor,
} from './trustedHeader';

export type { BalanceCheck, BalanceClaims, FigureCheck } from './figureChecks';
export { caughtLying } from './figureChecks';

type CheckContext = { block: bigint; source: Source; chainId: number; book: LayoutBook; claims: ClaimsChecked };

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
  const reason = isCairnError(error) ? error.text : msg('core.chain:verify.reason.notRead');
  // The node that failed: another agreeing source's header, or any URL the claims were read from.
  const source = error instanceof ChainError && error.rpcUrl ? error.rpcUrl : context.source.url;
  return new VerifyError(
    'VERIFY_SOURCE_FAILED',
    msg('core.chain:verify.sourceFailed', { source: codeValue(source), reason }),
    { cause: error },
  );
}

/** Each token's slots for the first request: its kept layout's for every holder, or a probe's. */
function firstSlots(claims: BalanceClaims, context: CheckContext, token: Address): { slots: Hex[]; probe?: Address } {
  const kept = context.book.forToken(context.chainId, token);
  // A token that was no proxy when its layout was learnt cannot become one (its code would change,
  // and with it the code hash its proof gives): its implementation slots need no proof.
  const implementations = kept && !kept.key.includes(':') ? [] : IMPLEMENTATION_SLOTS;
  if (kept) return { slots: [...implementations, ...claims.accounts.map((a) => balanceSlot(kept.layout, a))] };
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

const settle = <T>(p: Promise<T>): Promise<{ value: T } | { error: unknown }> =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

/**
 * Checks the claimed native and token balances against proofs under a trusted header: the
 * header from `trust` (every source agreeing, the pinned block, or one a light client gave; the
 * claims' block linked back to a trusted one at most MAX_LINKED_BACK blocks newer), the proofs
 * from the first source. When the claims are at another block than the trusted one (newer, or
 * older than that), `claimsAt` reads the node's claims there too, so a lie is caught where it is
 * proven.
 * An ERC-20's balances are proven from its storage when its layout is known or found (kept in
 * `book`); otherwise they stay unverified, saying why. One request per source; a token seen for
 * the first time takes one more to the first source.
 */
export async function verifyBalances(
  sources: readonly Source[],
  chainId: number,
  trust: HeaderTrust,
  claims: BalanceClaims,
  book: LayoutBook,
  claimsAt?: (block: bigint) => Promise<BalanceClaims>,
): Promise<BalanceCheck> {
  const [source] = sources;
  if (!source) throw new Error('verifyBalances needs at least one source');
  const block = trustedBlock(trust, claims.blockNumber);
  const check: BalanceCheck = {
    block,
    header: undefined,
    problems: [],
    native: new Map(),
    tokens: new Map(),
    requests: 0,
  };
  // Nothing checked: the problem says why, once, rather than on every figure.
  const unchecked = (problem: VerifyError) => {
    check.problems.push(problem);
    return check;
  };
  // Nothing to agree with: no request is worth sending.
  if (trust.kind === 'agreement' && sources.length < 2)
    return unchecked(new VerifyError('VERIFY_ONE_SOURCE', msg('core.chain:verify.oneSource')));
  const elsewhere =
    claimsAt && (block !== claims.blockNumber || claims.oneBlock === false) ? claimsAt(block) : undefined;
  const context: CheckContext = {
    block,
    source,
    chainId,
    book,
    claims: { head: claims, atBlock: undefined, block, source: source.url },
  };
  const plans = claims.tokens.map((token) => ({ token, ...firstSlots(claims, context, token) }));
  check.requests = (trust.kind === 'agreement' ? sources.length : 1) + (elsewhere ? 1 : 0);
  const [header, accountProofs, tokenProofs, atBlock] = await Promise.all([
    settle(trustedHeaderFor(sources, trust, claims.blockNumber)),
    Promise.all(claims.accounts.map((account) => settle(proofFrom(source, account, [], block)))),
    Promise.all(plans.map((plan) => settle(proofFrom(source, plan.token, plan.slots, block)))),
    elsewhere ? settle(elsewhere) : undefined,
  ]);
  if ('error' in header) {
    // A source answers for a block another does not have yet: proven where they all agree, the
    // figures that differ at the head shown as proven there (moved), the one ahead named.
    if (header.error instanceof SourceAheadError && trust.kind === 'agreement' && !trust.block && claimsAt) {
      const below = { kind: 'agreement', block: header.error.common } as const;
      const where = await verifyBalances(sources, chainId, below, claims, book, claimsAt);
      return { ...where, problems: [header.error, ...where.problems], requests: where.requests + check.requests };
    }
    return unchecked(header.error instanceof VerifyError ? header.error : proofProblem(header.error, context, '0x'));
  }
  if (atBlock && 'error' in atBlock) return unchecked(proofProblem(atBlock.error, context, '0x'));
  context.claims.atBlock = atBlock?.value;
  check.header = header.value;
  const stateRoot = header.value.stateRoot;

  claims.accounts.forEach((account, i) => {
    const key = account.toLowerCase();
    check.tokens.set(key, new Map());
    const answer = accountProofs[i] as { value: RpcAccountProof } | { error: unknown };
    try {
      if ('error' in answer) throw answer.error;
      check.native.set(
        key,
        checkFigure(
          context.claims,
          account,
          'native',
          provenAccount(stateRoot, answer.value, { address: account }).balance,
        ),
      );
    } catch (error) {
      const problem = proofProblem(error, context, account);
      check.problems.push(problem);
      check.native.set(key, unverified(problem.text));
    }
  });

  /**
   * Tokens whose balances a verified call proves (balanceOf in Cairn's own EVM): those without a
   * kept layout, whose probed slots are then held against the proven balance to learn it, and
   * those whose kept layout contradicts the node, so a wrong layout never raises a false alarm.
   */
  const byCall: ByCall[] = [];
  plans.forEach((plan, i) => {
    const answer = tokenProofs[i] as { value: RpcAccountProof } | { error: unknown };
    const tokenKey = plan.token.toLowerCase();
    let proven: ProvenAccount;
    try {
      if ('error' in answer) throw answer.error;
      proven = provenAccount(stateRoot, answer.value, { address: plan.token, slots: plan.slots });
    } catch (error) {
      const problem = proofProblem(error, context, plan.token);
      check.problems.push(problem);
      for (const holder of claims.accounts)
        check.tokens.get(holder.toLowerCase())?.set(tokenKey, unverified(problem.text));
      return;
    }
    const codeKey = tokenCodeKey(
      proven.codeHash,
      IMPLEMENTATION_SLOTS.map((slot) => provenSlot(proven, slot) ?? 0n),
    );
    const kept = book.forToken(chainId, plan.token);
    if (kept && kept.key === codeKey) {
      const figures = claims.accounts.map((holder) => {
        const word = provenSlot(proven, balanceSlot(kept.layout, holder)) ?? 0n;
        return checkFigure(context.claims, holder, tokenKey, balanceInWord(kept.layout, word));
      });
      if (figures.some((figure) => figure.state === 'contradicted')) {
        byCall.push({ token: plan.token, codeKey, kept: true });
        return;
      }
      claims.accounts.forEach((holder, h) => {
        check.tokens.get(holder.toLowerCase())?.set(tokenKey, figures[h] as FigureCheck);
      });
      return;
    }
    if (kept) book.forget(chainId, plan.token);
    byCall.push({
      token: plan.token,
      codeKey,
      kept: false,
      ...(plan.probe ? { probe: { holder: plan.probe, proven } } : {}),
    });
  });

  await provenByCall(byCall, context, header.value, check);
  return check;
}

/** A token whose balances a verified call proves, and what it may learn of its layout. */
type ByCall = {
  token: Address;
  codeKey: string;
  /** Its kept layout contradicted the node: confirmed (or forgotten) by the call. */
  kept: boolean;
  /** A holder whose every probed slot was proven in the first round. */
  probe?: { holder: Address; proven: ProvenAccount };
};

/**
 * The figures of `tokens` proven by a verified call of their balanceOf (balancesByCall); a probed
 * token's layout is learnt where exactly one probed slot holds the proven balance, a kept layout
 * the call does not bear out is forgotten.
 */
async function provenByCall(
  tokens: readonly ByCall[],
  context: CheckContext,
  header: TrustedHeader,
  check: BalanceCheck,
) {
  if (tokens.length === 0) return;
  const holders = context.claims.head.accounts;
  const set = (token: Address, figure: (holder: Address) => FigureCheck) => {
    for (const holder of holders) check.tokens.get(holder.toLowerCase())?.set(token.toLowerCase(), figure(holder));
  };
  try {
    const { balances, requests } = await balancesByCall(
      context.source,
      header,
      tokens.map((t) => t.token),
      holders,
    );
    check.requests += requests;
    for (const { token, codeKey, kept, probe } of tokens) {
      const proven = balances.get(token.toLowerCase());
      const figures = new Map(
        holders.map((holder) => {
          const balance = proven?.get(holder.toLowerCase());
          const figure =
            balance === undefined
              ? unverified(msg('core.chain:verify.reason.layoutUnknown'))
              : checkFigure(context.claims, holder, token.toLowerCase(), balance);
          return [holder, figure] as const;
        }),
      );
      set(token, (holder) => figures.get(holder) as FigureCheck);
      if (kept) {
        // Only a call that proved every balance can say so; one that could not leaves the layout kept.
        const borneOut = [...figures.values()].every((figure) => figure.state === 'verified');
        // The kept layout said the node lied where the call says it did not: the layout is wrong.
        if (borneOut) context.book.forget(context.chainId, token);
        continue;
      }
      const balance = probe && proven?.get(probe.holder.toLowerCase());
      const layout = probe && balance ? probed(probe.proven, probe.holder, balance) : undefined;
      if (layout) context.book.keep(context.chainId, token, codeKey, layout);
    }
  } catch (error) {
    const problem = proofProblem(error, context, MULTICALL3_ADDRESS);
    check.problems.push(problem);
    for (const { token } of tokens) set(token, () => unverified(problem.text));
  }
}
