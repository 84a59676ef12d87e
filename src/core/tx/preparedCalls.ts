import type { Address, Hex, SignedAuthorizationList } from 'viem';
import { chainClient } from '../chain/client';
import type { Network } from '../chain/networks';
import type { SigningAccount } from '../signing/signerAccount';
import { nextNonce } from './nonces';
import { type AnyPreparedSend, type KnownReads, prepareSend } from './prepare';
import { acceptedOrThrow, type TxKind, type TxRecord } from './record';
import type { TransactionService } from './transactionService';
import type { TxStore } from './txStore';

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
