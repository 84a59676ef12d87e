import type { Address } from 'viem';
import type { Network } from '../chain/networks';
import type { SigningAccount } from '../signing/signerAccount';
import type { SmartAccountState } from '../smartAccount/accountState';
import { type PlannedBatchGas, type PreparedBatch, preparePlanned, selfPaidPlan } from '../smartAccount/smartBatch';
import type { TxStore } from '../tx/txStore';
import type { DappCall } from './personParams';

/** A site's batch as its one transaction, planned, and prepared as Send prepares one. */
export type PreparedAtomicBatch = PreparedBatch;

/**
 * A site's calls as one transaction the account sends itself (planSelfPaidBatch), prepared with
 * its gas estimated as a whole. A plain account (`state`) is upgraded in that transaction: Cairn
 * first checks the delegate's code hash on the chain and plans the account's authorization for
 * the nonce after the one it sends with (the next one Cairn would choose, its own waiting
 * transactions counted); the vault signs it only at Confirm (confirmBatch), and the estimate
 * runs without it (preparePlanned). Call this only once the person consented to the upgrade.
 * Throws the errors of planSelfPaidBatch (SMART_DELEGATE_MISMATCH, SMART_DELEGATE_UNVERIFIED…)
 * and of preparing (SMART_BATCH_REVERTS, a revert of the batch as a whole, a ChainError).
 */
export async function prepareAtomicBatch(
  network: Network,
  account: SigningAccount,
  state: SmartAccountState,
  calls: readonly DappCall[],
  store: TxStore,
  plannedGas: PlannedBatchGas,
): Promise<PreparedAtomicBatch> {
  const inner = calls.map((call) => {
    // Never reached: a batch with a creation is not sent atomically (batchPlan, the params' check).
    if (call.to === undefined) throw new Error('an atomic batch makes calls only');
    return { to: call.to as Address, value: call.value, data: call.data };
  });
  const plan = await selfPaidPlan(network, account, state, inner, store);
  return { plan, prepared: await preparePlanned(network, plan, plannedGas) };
}
