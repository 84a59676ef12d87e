import { sameHex } from '../bytes';
import type { SavedAbi } from '../contracts/decode/abiIndex';
import { sameAddress } from '../keys/sameAddress';
import { EMPTY_CODE_HASH } from '../verify/accountProof';
import { authorizingOf } from '../verify/authorizations';
import { type NextBlockRun, readsAsRan } from '../verify/callEffects';
import { type CallCheck, checkCall } from '../verify/checkedCall';
import type { Source } from '../verify/sources';
import type { HeaderTrust } from '../verify/trustedHeader';
import type { CallRequest } from '../verify/verifiedCall';
import { type ChangesProof, proveChanges } from './provenChanges';
import type { SimulationResult, UnsignedTransaction } from './types';

/** The reviewed transaction: a call (a creation is not checked). */
export type CheckedTransaction = UnsignedTransaction & { to: NonNullable<UnsignedTransaction['to']> };

/** A review's call checked (checkCall), and what of its preview's changes that proves (proveChanges). */
export type PreviewCheck = CallCheck & { changes: ChangesProof };

/** The transaction as the call a verified run makes: its authorizations too (EIP-7702). */
export function callOf(tx: CheckedTransaction): CallRequest {
  return {
    from: tx.from,
    to: tx.to,
    data: tx.data ?? '0x',
    ...(tx.value ? { value: tx.value } : {}),
    ...(tx.gas ? { gas: tx.gas } : {}),
    ...(tx.authorizationList?.length ? { authorizationList: tx.authorizationList } : {}),
    ...(tx.upgrades?.length ? { upgrades: tx.upgrades } : {}),
  };
}

/** A call to the sender itself with data: what runs is the sender's own code (an EIP-7702 account's). */
const runsAtSender = (tx: UnsignedTransaction) =>
  !!tx.to && sameAddress(tx.to, tx.from) && tx.data !== undefined && tx.data !== '0x';

/**
 * Checks a review's transaction `tx` at the block its preview `shown` ran on (`head` when there is
 * no preview: it failed), then holds the preview's changes against the proven run (proveChanges).
 * Where the run read its block, they are held against a run as the block the preview ran as, when
 * the node ran it as told (provenAsRan).
 * The changes are not proven when the block proven is not the preview's (a pinned block behind
 * it), and not when the transaction runs code at the sender that is not there in proven state
 * and that no authorization it carries (signed by the sender) puts there: a preview that put it there otherwise (a state
 * override) cannot be held against a run that finds none.
 *
 * Throws what checkCall throws (VerifyError, ChainError).
 */
export async function checkPreview(
  sources: readonly Source[],
  trust: HeaderTrust,
  tx: CheckedTransaction,
  shown: SimulationResult | undefined,
  head: bigint,
  saved: readonly SavedAbi[] = [],
): Promise<PreviewCheck> {
  const [check, authorizing] = await Promise.all([
    checkCall(sources, trust, shown?.block ?? head, callOf(tx)),
    authorizingOf(tx.authorizationList ?? []),
  ]);
  const delegatesSender = [...authorizing, ...(tx.upgrades ?? [])].some(({ authority }) =>
    sameAddress(authority, tx.from),
  );
  const changes = changesOf(check, tx, shown, saved, delegatesSender);
  const ranAs = shown?.ranAs;
  if (!shown || !ranAs || !check.effects.readsBlock || !heldAgainstRun(changes)) return { ...check, changes };
  const asRan = await provenAsRan(sources[0] as Source, check, tx, { ...shown, ranAs }, saved);
  return { ...check, changes: asRan };
}

/** Whether proveChanges held the preview against the run (rather than finding nothing to hold). */
const heldAgainstRun = (changes: ChangesProof) => changes.state !== 'unproven' || changes.reason === 'readsBlock';

function changesOf(
  check: CallCheck,
  tx: CheckedTransaction,
  shown: SimulationResult | undefined,
  saved: readonly SavedAbi[],
  delegatesSender: boolean,
): ChangesProof {
  if (!shown) return { state: 'unproven', reason: 'noPreview' };
  if (shown.block !== check.header.number) return { state: 'unproven', reason: 'otherBlock' };
  const noCode = sameHex(check.calleeCodeHash, EMPTY_CODE_HASH);
  if (runsAtSender(tx) && noCode && !delegatesSender) return { state: 'unproven', reason: 'ownCode' };
  const reverted = check.state === 'verified' ? check.reverted : check.proven.reverted;
  return proveChanges(shown, { ...check.effects, reverted }, saved);
}

/**
 * A preview of a call that reads its block, held against a second proven run as the block the
 * node ran the preview as (`ranAs`: the next block, at the price the transaction pays), not as the
 * trusted block at a price of 0 (eth_call's, where a contract such as the Preview evader behaves
 * otherwise): the same is proven; a difference is the node's, unless this run too read what the
 * node's run had otherwise (the coinbase, the gas limit, an older block's hash), which leaves it
 * not proven. The first run's reads are proven in the first round.
 */
async function provenAsRan(
  source: Source,
  check: CallCheck,
  tx: CheckedTransaction,
  shown: SimulationResult & { ranAs: NextBlockRun },
  saved: readonly SavedAbi[],
): Promise<ChangesProof> {
  const { verifiedCall } = await import('../verify/verifiedCall');
  const run = await verifiedCall(source, check.header, callOf(tx), { asNext: shown.ranAs, hint: check.read });
  if (!readsAsRan(run.blockValues, shown.ranAs)) return { state: 'unproven', reason: 'readsBlock' };
  return proveChanges(shown, { logs: run.logs, moves: run.moves, readsBlock: false, reverted: run.reverted }, saved);
}
