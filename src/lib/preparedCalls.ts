import type { Address, Hex } from 'viem';
import type { Network } from '@/core/chain/networks';
import type { SigningAccount } from '@/core/signing/signerAccount';
import { type PreparedSend, prepareSend } from '@/core/tx/prepare';
import { acceptedOrThrow, type TxRecord } from '@/core/tx/record';
import type { TransactionService } from '@/core/tx/transactionService';

/** A contract call, from a site or one of Cairn's screens: `gas` when the caller chose it. */
export type CallToSend = { to: Address; value: bigint; data: Hex; gas?: bigint | undefined };

/** A call prepared as Send prepares a transaction: fees, gas estimated now (or the caller's), balances checked. */
export function prepareCall(network: Network, from: Address, call: CallToSend): Promise<PreparedSend> {
  const native = network.nativeCurrency;
  return prepareSend({
    network,
    from,
    recipient: call.to,
    asset: { kind: 'native', symbol: native.symbol, decimals: native.decimals },
    amount: call.value,
    max: false,
    preset: 'normal',
    advanced: { data: call.data, gasLimit: call.gas },
  });
}

/**
 * Signs, stores and sends a prepared call like any of Cairn's transactions, recording the site
 * that asked, if one did. Throws TX_REFUSED when the node refused it for good (see acceptedOrThrow).
 */
export async function sendPreparedCall(
  service: TransactionService,
  args: { network: Network; account: SigningAccount; prepared: PreparedSend; site?: string | undefined },
): Promise<TxRecord> {
  const { network, account, prepared, site } = args;
  const record = await service.submit({
    network,
    account,
    kind: 'call',
    call: prepared.call,
    gas: prepared.gasLimit,
    fees: prepared.fees,
    nonce: prepared.nonce,
    site,
  });
  return acceptedOrThrow(record);
}
