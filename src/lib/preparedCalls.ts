import type { QueryClient } from '@tanstack/react-query';
import type { Address, Hex, SignedAuthorizationList } from 'viem';
import type { HeadBlock } from '@/core/chain/chainHead';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import type { SigningAccount } from '@/core/signing/signerAccount';
import {
  type OtherDelegate,
  planUpgrade,
  type SmartTransaction,
  signUpgrade,
  standInAuthorization,
  type UpgradePlan,
} from '@/core/smartAccount/atomicSend';
import { nextNonce } from '@/core/tx/nonces';
import { type AnyPreparedSend, type KnownReads, prepareSend } from '@/core/tx/prepare';
import { acceptedOrThrow, type TxKind, type TxRecord } from '@/core/tx/record';
import type { TransactionService } from '@/core/tx/transactionService';
import type { TxStore } from '@/core/tx/txStore';
import { chainHeadQuery } from './queries/chainQueries';

/**
 * A contract call, from a site or one of Cairn's screens: `gas` when the caller chose it; no `to`
 * for a site's contract creation (its init code in `data`).
 */
export type CallToSend = { to: Address | undefined; value: bigint; data: Hex; gas?: bigint | undefined };

/**
 * What a smart account's transaction is estimated with: the authorizations it carries, or an
 * estimate made without the node's (see AdvancedOverrides.gasEstimate).
 */
export type SmartEstimate = {
  authorizationList?: SignedAuthorizationList | undefined;
  gasEstimate?: bigint | undefined;
};

/**
 * A call prepared as Send prepares a transaction: fees, gas estimated now (or the caller's),
 * balances checked. `nonce`: the one it must be sent with (a creation's, whose address follows from it).
 * `known`: what the caller read of the chain already (see prepareSend).
 */
export function prepareCall(
  network: Network,
  from: Address,
  call: CallToSend,
  nonce?: number | undefined,
  known?: KnownReads,
  smart?: SmartEstimate,
): Promise<AnyPreparedSend> {
  const native = network.nativeCurrency;
  return prepareSend<Address | undefined>(
    {
      network,
      from,
      recipient: call.to,
      asset: { kind: 'native', symbol: native.symbol, decimals: native.decimals },
      amount: call.value,
      max: false,
      preset: 'normal',
      advanced: {
        data: call.data,
        gasLimit: call.gas,
        nonce,
        authorizationList: smart?.authorizationList,
        gasEstimate: smart?.gasEstimate,
      },
    },
    known,
  );
}

/**
 * The shared head's latest block for preparing a send in this window: the last one read, or the
 * read under way (chainHeadQuery asks the node only when a block is due), so the send's reads do
 * not ask for the block again; undefined when the head cannot be read (then the send reads it).
 */
export function headForSend(cache: QueryClient, network: Network): Promise<HeadBlock | undefined> {
  return cache.fetchQuery(chainHeadQuery(cache, network)).then(
    (head) => (head.status === 'ok' ? head.block : undefined),
    () => undefined,
  );
}

/**
 * The nonce `from`'s next transaction on `network` takes, as the transaction service picks it (the
 * node's pending count, past Cairn's own waiting records). A contract creation is prepared with it,
 * so the address its review shows is the one it is created at (a transaction meanwhile taking that
 * nonce makes the send fail, never land elsewhere).
 */
export async function nextNonceOf(network: Network, from: Address, store: TxStore): Promise<number> {
  return nextNonce(chainClient(network), from, await store.forAccount(network.chainId, from));
}

/**
 * Signs, stores and sends a prepared call like any of Cairn's transactions, recording the site
 * that asked, if one did. Throws TX_REFUSED when the node refused it for good (see acceptedOrThrow).
 */
export async function sendPreparedCall(
  service: TransactionService,
  args: {
    network: Network;
    account: SigningAccount;
    prepared: AnyPreparedSend;
    site?: string | undefined;
    kind?: TxKind | undefined;
  },
): Promise<TxRecord> {
  const { network, account, prepared, site } = args;
  const record = await service.submit({
    network,
    account,
    kind: args.kind ?? 'call',
    call: prepared.call,
    gas: prepared.gasLimit,
    fees: prepared.fees,
    nonce: prepared.nonce,
    site,
  });
  return acceptedOrThrow(record);
}

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
