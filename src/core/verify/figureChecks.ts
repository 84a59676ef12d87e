import type { Address } from 'viem';
import type { VerifyError, VerifyErrorCode } from '../errors/verify';
import { type Message, msg } from '../i18n/message';
import type { TrustedHeader } from './trustedHeader';

/** What the node claimed, as of one block: balances keyed by lower-case account, then token. */
export type BalanceClaims = {
  blockNumber: bigint;
  accounts: readonly Address[];
  tokens: readonly Address[];
  native: ReadonlyMap<string, bigint>;
  tokenBalances: ReadonlyMap<string, ReadonlyMap<string, bigint>>;
  /**
   * False when the claims may come from more than one block (read in several eth_calls at
   * `latest`): the check reads them again at its block, so a balance that moved between two
   * calls is never taken for a lie.
   */
  oneBlock?: boolean;
  /** The block's time (seconds since the epoch) as the node gave it, when known. */
  timestamp?: bigint;
};

/**
 * One figure, checked: proven equal, not proven (and why), proven different, or moved: the node's
 * figure at block `at` is not the one proven at `block`, which is shown in its place (it moved
 * between the two blocks, or the node lies about its head: headClaims.ts holds it to its claim).
 */
export type FigureCheck =
  | { state: 'verified'; block: bigint }
  | { state: 'unverified'; reason: Message }
  | { state: 'contradicted'; claimed: bigint; proven: bigint; source: string }
  | { state: 'moved'; claimed: bigint; at: bigint; proven: bigint; block: bigint };

export type BalanceCheck = {
  /** The block the figures are proven at. */
  block: bigint;
  header: TrustedHeader | undefined;
  /**
   * What stopped a check, or found the node lying (a proof that fails, sources that disagree).
   * When nothing could be checked (no trusted header), the figures have no entries: this says why.
   */
  problems: VerifyError[];
  native: Map<string, FigureCheck>;
  tokens: Map<string, Map<string, FigureCheck>>;
  /** The HTTP requests the check sent (one per source per round, JSON-RPC batching on). */
  requests: number;
};

/**
 * The codes that mean an RPC source said something false, not only that Cairn could not check (a
 * beacon API's update that does not verify is the beacon node's fault, or Cairn's on a new fork;
 * a proof that fails once is asked again after the next block: VERIFY_PROOF_UNSETTLED).
 */
const LIES: readonly VerifyErrorCode[] = [
  'VERIFY_PROOF_FAILED',
  'VERIFY_HEADER_FORGED',
  'VERIFY_SOURCES_DISAGREE',
  'VERIFY_PIN_MISMATCH',
  'VERIFY_CHAIN_BROKEN',
  'VERIFY_HEAD_CLAIM_FALSE',
];

export const isLie = (problem: VerifyError): boolean => LIES.includes(problem.code);

/** Every figure a check marked: native balances, then each token's. */
export const figuresOf = (check: BalanceCheck): FigureCheck[] => [
  ...check.native.values(),
  ...[...check.tokens.values()].flatMap((perToken) => [...perToken.values()]),
];

/** Whether the check caught a source saying something false: a banner, and sending held. */
export const caughtLying = (check: BalanceCheck): boolean =>
  check.problems.some(isLie) || figuresOf(check).some((figure) => figure.state === 'contradicted');

/** Whether the check met a mismatch it asks again after the next block (not a lie yet, not to keep either). */
export const asksAgain = (check: BalanceCheck): boolean =>
  check.problems.some((problem) => problem.code === 'VERIFY_PROOF_UNSETTLED');

export const unverified = (reason: Message): FigureCheck => ({ state: 'unverified', reason });

/**
 * The node's claims at the head and at the trusted block (the same claims when the trusted block
 * is the head), and what a figure proven at the trusted block says of the head's.
 */
export type ClaimsChecked = { head: BalanceClaims; atBlock: BalanceClaims | undefined; block: bigint; source: string };

const claimOf = (claims: BalanceClaims, holder: string, asset: string | 'native') =>
  asset === 'native' ? claims.native.get(holder) : claims.tokenBalances.get(holder)?.get(asset);

/**
 * One figure, against the value proven at the trusted block: a claim there that differs is a lie;
 * a head claim equal to the proven value is verified; one that differs (the trusted block is
 * behind the head: pinned, or a light client's) has moved: the proven value is the one shown.
 */
export function checkFigure(
  claims: ClaimsChecked,
  holder: Address,
  asset: string | 'native',
  proven: bigint,
): FigureCheck {
  const key = holder.toLowerCase();
  const head = claimOf(claims.head, key, asset);
  if (head === undefined) return unverified(msg('core.chain:verify.reason.notRead'));
  const atBlock = claims.atBlock ? claimOf(claims.atBlock, key, asset) : head;
  if (atBlock !== undefined && atBlock !== proven && (claims.atBlock || claims.head.blockNumber === claims.block))
    return { state: 'contradicted', claimed: atBlock, proven, source: claims.source };
  if (head === proven) return { state: 'verified', block: claims.block };
  return { state: 'moved', claimed: head, at: claims.head.blockNumber, proven, block: claims.block };
}

/**
 * The balance proven where the check has one apart from the node's claim (contradicted, or moved at
 * the node's head), else undefined: what every figure derived from that balance takes instead.
 */
export const provenApart = (check: FigureCheck | undefined): bigint | undefined =>
  check?.state === 'contradicted' || check?.state === 'moved' ? check.proven : undefined;

/**
 * The balance to show and count for a claim: the proven one where the check has one apart from it.
 * The one rule for every figure derived from a balance (Home's rows and totals, the value chart and
 * its 24-hour change through usePortfolio's snapshot, Send's and Swap's balances and "Max",
 * Approvals' amounts at risk).
 */
export const shownBalance = (claimed: bigint | undefined, check: FigureCheck | undefined): bigint | undefined =>
  provenApart(check) ?? claimed;

/** A check that had nothing to check against (no trusted header): the problem says why, once. */
export const uncheckedBalances = (block: bigint, problem: VerifyError): BalanceCheck => ({
  block,
  header: undefined,
  problems: [problem],
  native: new Map(),
  tokens: new Map(),
  requests: 0,
});
