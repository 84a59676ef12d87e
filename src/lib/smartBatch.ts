import type { Address } from 'viem';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { sameAddress } from '@/core/keys/sameAddress';
import type { SigningAccount } from '@/core/signing/signerAccount';
import type { SmartAccountState } from '@/core/smartAccount/accountState';
import { type SmartTransaction, selfPaidBatch, sponsoredBatch } from '@/core/smartAccount/atomicSend';
import { asBatchError } from '@/core/smartAccount/batchErrors';
import type { ExecutionCall } from '@/core/smartAccount/execution';
import { nodePendingNonce } from '@/core/tx/nonces';
import type { AnyPreparedSend, KnownReads } from '@/core/tx/prepare';
import type { TxStore } from '@/core/tx/txStore';
import { nextNonceOf, prepareSmart } from './preparedCalls';

/** A batch ready for review: the smart transaction (signed authorizations, the delegation) and its preparation. */
export type PreparedBatch = { tx: SmartTransaction; prepared: AnyPreparedSend };

/**
 * Builds and prepares the one transaction that runs `calls` as `account`: sent by the account
 * itself (upgrading it in the same transaction when it is plain), or by `payer`, which pays the
 * gas (the account signs a delegation for exactly these calls). Signs with the account's key: an
 * authorization only after its delegate's code is checked (atomicSend), and only for a person who
 * agreed to the upgrade. Throws SMART_BATCH_REVERTS when the transaction would revert (a call
 * fails: all fail), SMART_PAYER_FUNDS when the payer cannot pay its gas, and what preparing throws.
 */
export async function prepareBatch(args: {
  network: Network;
  account: SigningAccount;
  state: SmartAccountState;
  payer: Address;
  calls: readonly ExecutionCall[];
  store: TxStore;
  known?: KnownReads | undefined;
  nowSeconds: bigint;
}): Promise<PreparedBatch> {
  const { network, account, state, payer, calls, store } = args;
  const selfPaid = sameAddress(payer, account.address);
  const tx = selfPaid
    ? await selfPaidTransaction(network, account, state, calls, store)
    : await sponsoredTransaction(network, account, state, { payer, calls, nowSeconds: args.nowSeconds });
  try {
    return { tx, prepared: await prepareSmart(network, tx, args.known) };
  } catch (error) {
    throw asBatchError(error, selfPaid ? undefined : payer);
  }
}

/** Another account pays: the account's authorization (if needed) for the node's pending count, which the service checks. */
async function sponsoredTransaction(
  network: Network,
  account: SigningAccount,
  state: SmartAccountState,
  input: { payer: Address; calls: readonly ExecutionCall[]; nowSeconds: bigint },
): Promise<SmartTransaction> {
  const signing = { client: chainClient(network), chainId: network.chainId };
  const accountNonce = await nodePendingNonce(signing.client, account.address);
  return sponsoredBatch(signing, account, state, { ...input, accountNonce });
}

/**
 * `calls` as one transaction the account sends itself (selfPaidBatch). A plain account's
 * authorization is signed for the nonce after the one the transaction service will pick (the
 * node's and Cairn's waiting records); an upgraded account needs no nonce read.
 */
export async function selfPaidTransaction(
  network: Network,
  account: SigningAccount,
  state: SmartAccountState,
  calls: readonly ExecutionCall[],
  store: TxStore,
): Promise<SmartTransaction> {
  const signing = { client: chainClient(network), chainId: network.chainId };
  const nonce = state.kind === 'plain' ? await nextNonceOf(network, account.address, store) : 0;
  return selfPaidBatch(signing, account, state, calls, nonce);
}
