import type { Address, Hex } from 'viem';
import { sameHex } from '../bytes';
import { VerifyError } from '../errors/verify';
import { codeValue, msg } from '../i18n/message';
import { askedAt, judgeMismatch, unsettled } from './askedAgain';
import { type BalanceCheck, type BalanceClaims, type FigureCheck, isLie } from './figureChecks';
import { checkedHeader, linkedHeader } from './headerChain';
import type { RpcHeader } from './headerHash';
import type { LayoutBook } from './layoutBook';
import { SECONDS_PER_SLOT } from './lightClient/beaconChains';
import { headerFrom, type Source } from './sources';
import { agreedHeader, type HeaderTrust, STATE_WINDOW, type TrustedHeader, trusted } from './trustedHeader';
import { verifyBalances } from './verifyBalances';

/** A figure a node gave at its head, past the trusted block, held until a trusted header reaches it. */
export type HeadClaim = {
  /** Lower case. */
  account: string;
  /** 'native', or the token's address in lower case. */
  asset: string;
  claimed: bigint;
  block: bigint;
  /** The hash the node gave for that block, when it gave its header. */
  hash?: Hex;
  source: string;
};

/** What a network's balance checks carry from one block to the next. */
export type HeadLedger = {
  readonly claims: readonly HeadClaim[];
  /**
   * The block of the last check that met a proof not leading to its header, or a head figure the
   * node's own proof did not bear out: one more such check, after the next block, is a lie.
   */
  readonly unsettledAt?: bigint;
};

/** How far past the beacon chain's signed head a light client takes a node's head. */
export const MAX_SLOTS_PAST_SIGNED = 2n;
/** How many head claims a ledger holds at most (the oldest go first). */
const MAX_HELD = 256;

export type BalanceCheckInput = {
  sources: readonly Source[];
  chainId: number;
  trust: HeaderTrust;
  claims: BalanceClaims;
  book: LayoutBook;
  claimsAt?: (block: bigint) => Promise<BalanceClaims>;
};

type Figure = { account: string; asset: string; claimed: bigint };
type Moved = Figure & { proven: bigint; block: bigint; at: bigint };

const heldKey = (c: { account: string; asset: string; block: bigint }) => `${c.account}|${c.asset}|${c.block}`;

/** Learns nothing from an answer Cairn does not trust (the node's own head), forgets nothing either. */
const readOnly = (book: LayoutBook): LayoutBook => ({
  forToken: (chainId, token) => book.forToken(chainId, token),
  keep: () => undefined,
  forget: () => undefined,
});

function figureOf(check: BalanceCheck, account: string, asset: string): FigureCheck | undefined {
  return asset === 'native' ? check.native.get(account) : check.tokens.get(account)?.get(asset);
}

function setFigure(check: BalanceCheck, account: string, asset: string, figure: FigureCheck): void {
  if (asset === 'native') check.native.set(account, figure);
  else check.tokens.get(account)?.set(asset, figure);
}

/** The check's figures whose node's claim is at a block past the one they are proven at. */
function movedAhead(check: BalanceCheck): Moved[] {
  const moved: Moved[] = [];
  const add = (account: string, asset: string, figure: FigureCheck) => {
    if (figure.state === 'moved' && figure.at > figure.block) moved.push({ account, asset, ...figure });
  };
  for (const [account, figure] of check.native) add(account, 'native', figure);
  for (const [account, perToken] of check.tokens) for (const [token, figure] of perToken) add(account, token, figure);
  return moved;
}

/** `figures` as claims of block `block`. */
function claimsOf(block: bigint, figures: readonly Figure[]): BalanceClaims {
  const native = new Map<string, bigint>();
  const tokenBalances = new Map<string, Map<string, bigint>>();
  const tokens = new Set<string>();
  for (const { account, asset, claimed } of figures) {
    if (asset === 'native') native.set(account, claimed);
    else {
      tokens.add(asset);
      tokenBalances.set(account, (tokenBalances.get(account) ?? new Map()).set(asset, claimed));
    }
  }
  const accounts = [...new Set(figures.map((f) => f.account))];
  return {
    blockNumber: block,
    accounts: accounts as Address[],
    tokens: [...tokens] as Address[],
    native,
    tokenBalances,
  };
}

const proofFailures = (check: BalanceCheck) => check.problems.filter((p) => p.code === 'VERIFY_PROOF_FAILED');

/** A light client's head the node's claims run more than two slots past (at most one block a slot). */
function pastSignedHead(trust: HeaderTrust, claims: BalanceClaims): TrustedHeader | undefined {
  if (trust.kind !== 'given' || trust.header.via !== 'lightClient') return undefined;
  const signed = trust.header;
  const blocks = claims.blockNumber - signed.number;
  const seconds = claims.timestamp === undefined ? 0n : claims.timestamp - signed.timestamp;
  return blocks > MAX_SLOTS_PAST_SIGNED || seconds > MAX_SLOTS_PAST_SIGNED * BigInt(SECONDS_PER_SLOT)
    ? signed
    : undefined;
}

/**
 * What the node's own header of its head and its own proofs there say of the moved figures: each
 * borne out (with the block's hash), or not (`differs`: its proof says another balance, or leads
 * to no root of its header). Its header is not trusted (anyone can make a block): this only holds
 * the node to what it said. No header for its head: nothing is said yet.
 */
async function ownProof(source: Source, chainId: number, at: bigint, moved: readonly Moved[], book: LayoutBook) {
  let header: RpcHeader;
  try {
    header = checkedHeader(source, at, await headerFrom(source, at));
  } catch (error) {
    // A header that does not hash whole is a lie of its own; having none (yet), or an error, says nothing.
    if (error instanceof VerifyError && isLie(error))
      return { borne: [], differs: [], failures: [], lies: [error], requests: 1 };
    return { borne: [], differs: [], failures: [], lies: [], requests: 1, noHeader: true };
  }
  const own = trusted(header, 'pinned', [source.url]);
  const check = await verifyBalances(
    [source],
    chainId,
    { kind: 'given', header: own },
    claimsOf(at, moved),
    readOnly(book),
  );
  const borne: Moved[] = [];
  const differs: Moved[] = [];
  for (const figure of moved) {
    const state = figureOf(check, figure.account, figure.asset)?.state;
    if (state === 'verified') borne.push(figure);
    else if (state === 'contradicted') differs.push(figure);
  }
  return { borne, differs, failures: proofFailures(check), lies: [], requests: check.requests + 1, hash: own.hash };
}

/** The trusted header of block `block`, at or before `top`: agreed there, or linked back from `top`. */
async function trustedAt(sources: readonly Source[], trust: HeaderTrust, top: TrustedHeader, block: bigint) {
  if (block === top.number) return top;
  if (trust.kind === 'agreement') return agreedHeader(sources, block);
  const source = sources[0] as Source;
  const anchor = { number: top.number, hash: top.hash, header: top.fields };
  return trusted(await linkedHeader(source, anchor, block), top.via, [...top.sources, source.url]);
}

/**
 * The held claims of block `block`, now that a trusted header reaches it: the chain's block there
 * must be the one the node answered for (asked once more: a node that follows a reorg names the
 * chain's block now), and its proof must bear each claim out. Lies, proof failures (asked again
 * after the next block), and the claims to try again (the node did not answer).
 */
async function recheck(input: BalanceCheckInput, top: TrustedHeader, block: bigint, held: readonly HeadClaim[]) {
  const { sources, chainId, trust, book } = input;
  const source = sources[0] as Source;
  const lies: VerifyError[] = [];
  try {
    const header = await trustedAt(sources, trust, top, block);
    const other = held.find((c) => c.hash && !sameHex(c.hash, header.hash));
    if (other?.hash) {
      const now = await headerFrom(source, block);
      if (now && sameHex(now.hash, other.hash))
        lies.push(
          new VerifyError(
            'VERIFY_HEAD_CLAIM_FALSE',
            msg('core.chain:verify.headNotChain', {
              source: codeValue(other.source),
              block: block.toString(),
              hash: codeValue(other.hash),
              chainHash: codeValue(header.hash),
            }),
          ),
        );
      return { lies, failures: [], retry: [] };
    }
    const check = await verifyBalances(
      [source],
      chainId,
      { kind: 'given', header },
      claimsOf(block, held),
      readOnly(book),
    );
    const retry: HeadClaim[] = [];
    const liars = new Map<string, HeadClaim>();
    for (const claim of held) {
      const state = figureOf(check, claim.account, claim.asset)?.state;
      if (state === 'contradicted') liars.set(claim.account, claim);
      // Not proven (the node did not answer, or its proof failed: asked again): held for the next check.
      else if (state !== 'verified') retry.push(claim);
    }
    for (const claim of liars.values())
      lies.push(
        new VerifyError(
          'VERIFY_HEAD_CLAIM_FALSE',
          msg('core.chain:verify.headClaimFalse', {
            source: codeValue(claim.source),
            account: codeValue(claim.account),
            block: block.toString(),
          }),
        ),
      );
    return { lies, failures: proofFailures(check), retry };
  } catch (error) {
    if (error instanceof VerifyError && isLie(error)) return { lies: [error], failures: [], retry: [] };
    return { lies, failures: [], retry: [...held] };
  }
}

/** The check's proof failures, and the figures they left unproven, said as asked again. */
function settleLater(check: BalanceCheck): void {
  check.problems = check.problems.map((p) => (p.code === 'VERIFY_PROOF_FAILED' ? unsettled(p) : p));
  const restate = (figure: FigureCheck): FigureCheck =>
    figure.state === 'unverified' && figure.reason.id === 'core.chain:verify.proofFailed'
      ? {
          state: 'unverified',
          reason: msg('core.chain:verify.proofUnsettled', figure.reason.values as never),
        }
      : figure;
  for (const [account, figure] of check.native) check.native.set(account, restate(figure));
  for (const perToken of check.tokens.values())
    for (const [token, figure] of perToken) perToken.set(token, restate(figure));
}

/**
 * The claims checked against proofs (verifyBalances), and the node held to what it says at its head:
 *
 * - A figure its head gives past the trusted block (pinned, a light client's, or the block every
 *   source has when one runs ahead) that is not the one proven there shows as proven there (moved),
 *   and must be borne out by the node's own header of that block and its proof against it.
 * - Where the trusted header moves on (a light client, agreement), such a claim is held in the
 *   ledger until a trusted header reaches its block; then the chain's block there must be the one
 *   the node named, and the claim must be what the proof of that block says. Otherwise it is a
 *   lie (VERIFY_HEAD_CLAIM_FALSE). A light client's head more than two slots past the signed one is
 *   not taken at all (VERIFY_HEAD_TOO_FAR).
 * - A proof that leads to no root of its header, or a head figure the node's own proof does not
 *   bear out, is asked again after the next block before it is called a lie (askedAgain.ts): a
 *   development node's state that no block has sealed does it honestly (VERIFY_PROOF_UNSETTLED,
 *   not a lie). Met again at a later block, it is a lie: the proof failure as VERIFY_PROOF_FAILED,
 *   the head figure as contradicted (its claim struck beside the proven balance).
 *
 * Returns the check and the ledger for the next one.
 */
export async function verifyHeadClaims(
  input: BalanceCheckInput,
  ledger: HeadLedger,
): Promise<{ check: BalanceCheck; ledger: HeadLedger }> {
  const { sources, chainId, trust, claims, book, claimsAt } = input;
  const source = sources[0] as Source;
  const check = await verifyBalances(sources, chainId, trust, claims, book, claimsAt);
  // The newest header trusted, where trust moves on: a pin never reaches a claim past it.
  const top = trust.kind === 'given' ? trust.header : trust.kind === 'agreement' ? check.header : undefined;
  const moved = check.header ? movedAhead(check) : [];
  const signed = moved.length > 0 ? pastSignedHead(trust, claims) : undefined;
  if (signed)
    check.problems.push(
      new VerifyError(
        'VERIFY_HEAD_TOO_FAR',
        msg('core.chain:verify.headTooFar', {
          source: codeValue(source.url),
          block: claims.blockNumber.toString(),
          signed: signed.number.toString(),
        }),
      ),
    );
  const fresh = ledger.claims.filter((c) => top === undefined || top.number - c.block <= STATE_WINDOW);
  const due = top ? fresh.filter((c) => c.block <= top.number) : [];
  const blocks = [...new Set(due.map((c) => c.block))];
  const [own, rechecked] = await Promise.all([
    moved.length > 0 && !signed ? ownProof(source, chainId, claims.blockNumber, moved, book) : undefined,
    Promise.all(
      blocks.map((block) =>
        recheck(
          input,
          top as TrustedHeader,
          block,
          due.filter((c) => c.block === block),
        ),
      ),
    ),
  ]);
  check.requests += own?.requests ?? 0;
  check.problems.push(...(own?.lies ?? []), ...rechecked.flatMap((r) => r.lies));

  const failures = [...proofFailures(check), ...(own?.failures ?? []), ...rechecked.flatMap((r) => r.failures)];
  const mismatch = failures.length > 0 || (own?.differs.length ?? 0) > 0;
  // A check that reached no header (and met no mismatch) says nothing: the question stays.
  const judged =
    mismatch || check.header
      ? judgeMismatch(ledger.unsettledAt, askedAt(claims.blockNumber, check.header?.newestNamed), mismatch)
      : { lie: false, at: ledger.unsettledAt };
  const unsettledAt = judged.at;
  if (judged.lie) {
    // Asked again after the next block, and still not borne out: a lie.
    for (const failure of failures) if (!check.problems.includes(failure)) check.problems.push(failure);
    for (const figure of own?.differs ?? [])
      setFigure(check, figure.account, figure.asset, {
        state: 'contradicted',
        claimed: figure.claimed,
        proven: figure.proven,
        source: source.url,
      });
  } else if (mismatch) {
    settleLater(check);
    const ownFailures = [...(own?.failures ?? []), ...rechecked.flatMap((r) => r.failures)];
    check.problems.push(...ownFailures.filter((f) => f.code === 'VERIFY_PROOF_FAILED').map(unsettled));
    if (own && own.differs.length > 0)
      check.problems.push(
        new VerifyError(
          'VERIFY_PROOF_UNSETTLED',
          msg('core.chain:verify.headUnsettled', {
            source: codeValue(source.url),
            block: claims.blockNumber.toString(),
            proven: check.block.toString(),
          }),
        ),
      );
  }

  // Held until a trusted header reaches them: claims borne out by the node (or not said against
  // yet: no header of its head), where trust moves on.
  const held = new Map<string, HeadClaim>();
  for (const claim of fresh.filter((c) => !due.includes(c))) held.set(heldKey(claim), claim);
  for (const claim of rechecked.flatMap((r) => r.retry)) held.set(heldKey(claim), claim);
  if (top && own && !signed) {
    const kept = own.noHeader ? moved : own.borne;
    for (const { account, asset, claimed } of kept) {
      const claim: HeadClaim = { account, asset, claimed, block: claims.blockNumber, source: source.url };
      held.set(heldKey(claim), own.hash ? { ...claim, hash: own.hash } : claim);
    }
  }
  const next: HeadLedger = {
    claims: [...held.values()].slice(-MAX_HELD),
    ...(unsettledAt === undefined ? {} : { unsettledAt }),
  };
  return { check, ledger: next };
}
