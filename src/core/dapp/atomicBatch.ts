// EIP-5792's atomic batches: how a site's wallet_sendCalls is sent (one transaction through the
// account's smart-account delegate, or one per call), the atomic capability a site reads from its
// grant, and sending a batch as its one transaction.
import type { Address } from 'viem';
import type { AccountSource } from '../accounts/account';
import { signerProfile } from '../accounts/signerKinds';
import { codeValue, type Message, msg } from '../i18n/message';
import type { SmartAccountState } from '../smartAccount/accountState';
import { delegatorCodeHash } from '../smartAccount/delegates';
import type { BatchProgress, CallStep, CallsReceipt } from './callsBatch';
import type { DappCall } from './personParams';
import { type AtomicStatus, type CallsStatus, type HexChainId, settledStatus } from './protocol';

/** Why Cairn cannot run a batch atomically for an account on a chain. */
export type AtomicRefusal =
  /** The signer is never asked for an authorization (signerProfile's noAuthorization), or signs nothing. */
  | { kind: 'signer'; signer: AccountSource['kind'] }
  /**
   * The chain does not run EIP-7702 with the delegate in place (runsEip7702); `zkSync`: it is a
   * ZKsync chain, which has none at all (lacksEip7702).
   */
  | { kind: 'no7702'; zkSync?: true }
  /** Cairn has no published code hash of the delegate on this chain, so it cannot check it. */
  | { kind: 'unverified' }
  | { kind: 'foreign'; delegate: Address }
  | { kind: 'contract' };

/**
 * How a batch is sent: one transaction per call, each once the one before is mined; one
 * transaction running every call through the account's delegate (`upgrade`: the account is
 * upgraded to it in that same transaction, once the person consents); or not at all.
 */
export type BatchPlan =
  | { kind: 'sequential' }
  | { kind: 'atomic'; upgrade: boolean }
  | { kind: 'refused'; refusal: AtomicRefusal };

export type PlanInput = {
  atomicRequired: boolean;
  calls: readonly Pick<DappCall, 'to'>[];
  chainId: number;
  state: SmartAccountState;
  /** Whether the chain runs EIP-7702 with the delegate: undefined while not known. */
  runs7702: boolean | undefined;
  /** The chain's kind has no EIP-7702 at all (a ZKsync chain: lacksEip7702), whatever else is known. */
  lacks7702?: boolean | undefined;
  signer: AccountSource['kind'];
};

/**
 * The plan for a batch, or undefined while it waits for `runs7702`. An account upgraded to Cairn's
 * delegate runs every batch of two calls or more atomically (as its 'supported' capability says),
 * unless one creates a contract, which the delegate's execute cannot: then one by one. A plain
 * account is upgraded only for a batch that requires atomicity, and only where its key is in the
 * vault and the chain runs the delegate whose code hash Cairn knows.
 */
export function batchPlan(input: PlanInput): BatchPlan | undefined {
  const { state, signer } = input;
  const creates = input.calls.some((call) => call.to === undefined);
  const signs = signerProfile({ kind: signer }).canSign;
  if (!input.atomicRequired) {
    const atomic = state.kind === 'upgraded' && signs && !creates && input.calls.length > 1;
    return atomic ? { kind: 'atomic', upgrade: false } : { kind: 'sequential' };
  }
  const refused = (refusal: AtomicRefusal): BatchPlan => ({ kind: 'refused', refusal });
  switch (state.kind) {
    case 'upgraded':
      return signs ? { kind: 'atomic', upgrade: false } : refused({ kind: 'signer', signer });
    case 'foreign':
      return refused({ kind: 'foreign', delegate: state.delegate });
    case 'contract':
      return refused({ kind: 'contract' });
    case 'plain':
      if (signerProfile({ kind: signer }).noAuthorization) return refused({ kind: 'signer', signer });
      if (input.lacks7702) return refused({ kind: 'no7702', zkSync: true });
      if (delegatorCodeHash(input.chainId) === undefined) return refused({ kind: 'unverified' });
      if (input.runs7702 === undefined) return undefined;
      return input.runs7702 ? { kind: 'atomic', upgrade: true } : refused({ kind: 'no7702' });
  }
}

/** EIP-5792's atomic capability of an account on a chain: 'supported', 'ready', or undefined for 'unsupported'. */
export function atomicStatus(input: Omit<PlanInput, 'atomicRequired' | 'calls'>): AtomicStatus | undefined {
  const plan = batchPlan({ ...input, atomicRequired: true, calls: [] });
  if (plan?.kind !== 'atomic') return undefined;
  return plan.upgrade ? 'ready' : 'supported';
}

/** Why a batch cannot run atomically, in the person's words. */
export function refusalMessage(refusal: AtomicRefusal, account: Address): Message {
  switch (refusal.kind) {
    case 'signer':
      return signerProfile({ kind: refusal.signer }).noAuthorization ?? msg('core.signing:signer.watchOnly');
    case 'no7702':
      return msg(refusal.zkSync ? 'core.chain:smartAccount.no7702ZkSync' : 'core.chain:smartAccount.no7702');
    case 'unverified':
      return msg('core.chain:smartAccount.delegateUnverified');
    case 'foreign':
      return msg('core.chain:smartAccount.foreignDelegate', { address: codeValue(refusal.delegate) });
    case 'contract':
      return msg('core.chain:smartAccount.isContract', { address: codeValue(account) });
  }
}

export type AtomicDeps = {
  /** Prepares (done already), signs, stores and broadcasts the batch's transaction; its hash. Throws when it was not sent. */
  send(): Promise<string>;
  /** Waits until it is mined. Throws when the node cannot tell. */
  receipt(hash: string): Promise<CallsReceipt>;
  /** Every change, in order. */
  onProgress(progress: BatchProgress): void;
};

/**
 * Sends a batch as its one transaction: every call runs, or none (EIP-5792 atomic). The status is
 * pending until its receipt, then 200 (mined, succeeded) or 500 (reverted: no call took effect),
 * with that one receipt; each call's step follows the transaction. Failing to send throws (nothing
 * was sent: the person can try again); a receipt the node cannot give leaves the batch pending,
 * for the site's connector to follow.
 */
export async function sendCallsAtomically(
  batch: { id: string; chainId: HexChainId; calls: number },
  deps: AtomicDeps,
): Promise<BatchProgress> {
  const every = (step: CallStep): CallStep[] => Array.from({ length: batch.calls }, () => step);
  const status = (hashes: string[], receipts: CallsReceipt[]): CallsStatus => ({
    id: batch.id,
    chainId: batch.chainId,
    status: receipts.length === 1 ? settledStatus(1, receipts) : 100,
    atomic: true,
    receipts,
    hashes,
    total: 1,
  });
  deps.onProgress({ steps: every({ state: 'sending' }), status: status([], []) });
  let hash: string;
  try {
    hash = await deps.send();
  } catch (error) {
    deps.onProgress({ steps: every({ state: 'waiting' }), status: status([], []) });
    throw error;
  }
  const mining = { steps: every({ state: 'mining', hash }), status: status([hash], []) };
  deps.onProgress(mining);
  let receipt: CallsReceipt;
  try {
    receipt = await deps.receipt(hash);
  } catch {
    return mining;
  }
  const mined: CallStep = { state: 'done', hash: receipt.transactionHash, receipt };
  const done = { steps: every(mined), status: status([receipt.transactionHash], [receipt]) };
  deps.onProgress(done);
  return done;
}
