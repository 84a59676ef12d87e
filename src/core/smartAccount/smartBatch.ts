import type { Address } from 'viem';
import { chainClient } from '../chain/client';
import type { Network } from '../chain/networks';
import { sameAddress } from '../keys/sameAddress';
import type { SigningAccount } from '../signing/signerAccount';
import { nodePendingNonce } from '../tx/nonces';
import type { AnyPreparedSend, KnownReads } from '../tx/prepare';
import { nextNonceOf } from '../tx/preparedCalls';
import type { TxRecord } from '../tx/record';
import type { TransactionService } from '../tx/transactionService';
import type { TxStore } from '../tx/txStore';
import type { SmartAccountState } from './accountState';
import { type PlannedBatch, planSelfPaidBatch, planSponsoredBatch, signPlannedBatch } from './atomicSend';
import { asBatchError } from './batchErrors';
import type { ExecutionCall } from './execution';
import { prepareSmart, sendSmart } from './smartSend';

/**
 * A batch ready for review: its plan (the transaction; a plain account's authorization, signed
 * only at Confirm: confirmBatch) and its preparation.
 */
export type PreparedBatch = { plan: PlannedBatch; prepared: AnyPreparedSend };

/**
 * The gas of a planned batch whose upgrade Confirm signs, from its one transaction's preview (the
 * delegate's designator standing in for the authorization): the window's preview runs it.
 */
export type PlannedBatchGas = (network: Network, plan: PlannedBatch) => Promise<bigint>;

/** The calls of a batch, the account that runs them, its state, and who pays the gas. */
export type BatchToPrepare = {
  network: Network;
  account: SigningAccount;
  state: SmartAccountState;
  payer: Address;
  calls: readonly ExecutionCall[];
  store: TxStore;
};

/**
 * Builds and prepares the one transaction that runs `calls` as `account`: sent by the account
 * itself (upgrading it in the same transaction when it is plain), or by `payer`, which pays the
 * gas (the account signs a delegation for exactly these calls now: the estimate needs it). The
 * upgrade's authorization is not signed before Confirm (see preparePlanned). Throws
 * SMART_BATCH_REVERTS when the transaction would revert (a call fails: all fail),
 * SMART_PAYER_FUNDS when the payer cannot pay its gas, and what planning and preparing throw.
 */
export async function prepareBatch(
  args: BatchToPrepare & {
    known?: KnownReads | undefined;
    nowSeconds: bigint;
    plannedGas: PlannedBatchGas;
  },
): Promise<PreparedBatch> {
  const { network, account, state, payer, calls, store } = args;
  const selfPaid = sameAddress(payer, account.address);
  const plan = selfPaid
    ? await selfPaidPlan(network, account, state, calls, store)
    : await sponsoredPlan(network, account, state, { payer, calls, nowSeconds: args.nowSeconds });
  try {
    return { plan, prepared: await preparePlanned(network, plan, args.plannedGas, args.known) };
  } catch (error) {
    throw asBatchError(error, selfPaid ? undefined : payer);
  }
}

/**
 * A planned batch prepared as Send prepares a transaction. With an upgrade still to sign, its gas
 * comes from its one transaction's preview (`plannedGas`: the delegate's designator standing in
 * for the authorization), not from the node's estimate, which would need the signed
 * authorization: nothing the account signs reaches the node before Confirm.
 */
export async function preparePlanned(
  network: Network,
  plan: PlannedBatch,
  plannedGas: PlannedBatchGas,
  known?: KnownReads | undefined,
): Promise<AnyPreparedSend> {
  const gasEstimate = plan.authorization ? await plannedGas(network, plan) : undefined;
  return prepareSmart(network, plan.tx, known, gasEstimate);
}

/**
 * Confirm of a prepared batch: `account` (whose calls it runs) signs its authorization now, if
 * it needs one, then `sender` (the account, or the payer) signs, stores and sends the transaction
 * with the reviewed gas and fees (sendSmart). Nothing is signed while sending is held.
 */
export async function confirmBatch(
  service: TransactionService,
  args: {
    network: Network;
    account: SigningAccount;
    sender: SigningAccount;
    plan: PlannedBatch;
    prepared: AnyPreparedSend;
    site?: string | undefined;
  },
): Promise<TxRecord> {
  const { network, account, sender, plan, prepared, site } = args;
  service.refuseWhileHeld(network);
  const tx = await signPlannedBatch({ client: chainClient(network), chainId: network.chainId }, account, plan);
  return sendSmart(service, { network, account: sender, prepared, tx, site });
}

/** Another account pays: the account's authorization (if needed) for the node's pending count, which the service checks. */
async function sponsoredPlan(
  network: Network,
  account: SigningAccount,
  state: SmartAccountState,
  input: { payer: Address; calls: readonly ExecutionCall[]; nowSeconds: bigint },
): Promise<PlannedBatch> {
  const signing = { client: chainClient(network), chainId: network.chainId };
  const accountNonce = await nodePendingNonce(signing.client, account.address);
  return planSponsoredBatch(signing, account, state, { ...input, accountNonce });
}

/**
 * `calls` as one transaction the account sends itself (planSelfPaidBatch). A plain account's
 * authorization is planned for the nonce after the one the transaction service will pick (the
 * node's and Cairn's waiting records); an upgraded account needs no nonce read.
 */
export async function selfPaidPlan(
  network: Network,
  account: SigningAccount,
  state: SmartAccountState,
  calls: readonly ExecutionCall[],
  store: TxStore,
): Promise<PlannedBatch> {
  const signing = { client: chainClient(network), chainId: network.chainId };
  const nonce = state.kind === 'plain' ? await nextNonceOf(network, account.address, store) : 0;
  return planSelfPaidBatch(signing, account, state, calls, nonce);
}
