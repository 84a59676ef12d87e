import type { OfflineTx, OfflineTxType } from '@/core/offline/offlineTx';
import type { UnsignedTxDraft } from '@/core/offline/unsignedTx';
import { toDecimalString } from '@/lib/format';

/** The offline form as typed: every field as text. */
export type OfflineForm = Required<UnsignedTxDraft>;

export const TYPE_CHOICES: readonly [OfflineTxType, string][] = [
  ['eip1559', 'EIP-1559 (type 2): max fee and priority fee'],
  ['eip2930', 'EIP-2930 (type 1): gas price and access list'],
  ['legacy', 'Legacy (type 0): gas price'],
];

export function emptyOfflineForm(chainId: number): OfflineForm {
  return {
    type: 'eip1559',
    chainId: String(chainId),
    nonce: '',
    to: '',
    value: '',
    gasLimit: '',
    gasPrice: '',
    maxFeePerGas: '',
    maxPriorityFeePerGas: '',
    data: '',
    accessList: '',
  };
}

const gweiText = (wei: bigint) => toDecimalString(wei, 9);

/** The form filled from a transaction read from a file: amounts back in the units a person types. */
export function formOf(tx: OfflineTx): OfflineForm {
  return {
    type: tx.type,
    chainId: String(tx.chainId),
    nonce: String(tx.nonce),
    to: tx.to ?? '',
    value: toDecimalString(tx.value, 18),
    gasLimit: tx.gas.toString(),
    gasPrice: tx.type === 'eip1559' ? '' : gweiText(tx.gasPrice),
    maxFeePerGas: tx.type === 'eip1559' ? gweiText(tx.maxFeePerGas) : '',
    maxPriorityFeePerGas: tx.type === 'eip1559' ? gweiText(tx.maxPriorityFeePerGas) : '',
    data: tx.data === '0x' ? '' : tx.data,
    accessList: tx.type !== 'legacy' && tx.accessList.length > 0 ? JSON.stringify(tx.accessList, null, 2) : '',
  };
}
