import { chainClient } from '../chain/client';
import type { Network } from '../chain/networks';
import type { SigningAccount } from '../signing/signerAccount';
import type { AnyPreparedSend, KnownReads } from '../tx/prepare';
import { nextNonceOf, prepareCall } from '../tx/preparedCalls';
import { acceptedOrThrow, type TxRecord } from '../tx/record';
import type { TransactionService } from '../tx/transactionService';
import type { TxStore } from '../tx/txStore';
import {
  type OtherDelegate,
  planUpgrade,
  type SmartTransaction,
  signUpgrade,
  standInAuthorization,
  type UpgradePlan,
} from './atomicSend';

/**
 * `account`'s upgrade (to Cairn's delegate, or the person's other one) or its undo, planned for
 * the nonce its next transaction takes (nextNonceOf) and prepared: the delegate checked, the fee
 * estimated with a stand-in authorization, nothing signed (Confirm signs: confirmUpgrade). A
 * delegate whose code would make the upgrade revert is refused here, as the real one would be.
 * Throws what planUpgrade and preparing throw.
 */
export async function prepareUpgrade(
  network: Network,
  account: SigningAccount,
  store: TxStore,
  undo: boolean,
  delegate?: OtherDelegate,
): Promise<{ plan: UpgradePlan; prepared: AnyPreparedSend; nonce: number }> {
  const nonce = await nextNonceOf(network, account.address, store);
  const signing = { client: chainClient(network), chainId: network.chainId };
  const plan = await planUpgrade(signing, account, undo, nonce, delegate);
  // The stand-in's authority is called in the account's place: the delegate's code runs there as
  // it will at the account once its own authorization applies (none for an undo), at the same cost.
  const standIn = await standInAuthorization(network.chainId, plan);
  const atStandIn = { ...plan.call, to: standIn.authority };
  const prepared = await prepareCall(network, plan.sender, atStandIn, undefined, undefined, {
    authorizationList: [standIn],
  });
  return { plan, prepared: { ...prepared, call: plan.call }, nonce };
}

/**
 * Confirm of a prepared upgrade or undo: the account signs its authorization now, then the
 * transaction is signed, stored and sent with the reviewed gas and fees (see sendSmart). While
 * sending is held, nothing is signed (VERIFY_SENDING_HELD, before the authorization).
 */
export async function confirmUpgrade(
  service: TransactionService,
  args: { network: Network; account: SigningAccount; plan: UpgradePlan; prepared: AnyPreparedSend },
): Promise<TxRecord> {
  const { network, account, plan, prepared } = args;
  service.refuseWhileHeld(network);
  const tx = await signUpgrade({ client: chainClient(network), chainId: network.chainId }, account, plan);
  return sendSmart(service, { network, account, prepared, tx });
}

/**
 * A smart account's transaction (upgrade, undo, batch, gas paid by another) prepared as Send
 * prepares one, its authorizations in the estimate, or with `gasEstimate` when made elsewhere.
 */
export function prepareSmart(
  network: Network,
  tx: SmartTransaction,
  known?: KnownReads,
  gasEstimate?: bigint,
): Promise<AnyPreparedSend> {
  const list = tx.authorizations.length > 0 ? tx.authorizations : undefined;
  return prepareCall(network, tx.sender, tx.call, undefined, known, { authorizationList: list, gasEstimate });
}

/** Signs, stores and sends a prepared smart transaction, with its authorizations (see TransactionService.submit). */
export async function sendSmart(
  service: TransactionService,
  args: {
    network: Network;
    account: SigningAccount;
    prepared: AnyPreparedSend;
    tx: SmartTransaction;
    site?: string | undefined;
  },
): Promise<TxRecord> {
  const { network, account, prepared, tx, site } = args;
  const record = await service.submit({
    network,
    account,
    kind: tx.kind,
    call: prepared.call,
    gas: prepared.gasLimit,
    fees: prepared.fees,
    authorizations: tx.authorizations,
    batch: tx.batch,
    site,
  });
  return acceptedOrThrow(record);
}
