import type { MessageId } from '@/core/i18n/message';
import type { OfflineTx, OfflineTxType } from '@/core/offline/offlineTx';
import type { UnsignedTxDraft } from '@/core/offline/unsignedTx';
import { amountInputText, type Locale } from '@/lib/i18n';

/** The offline form as typed: every field as text. */
export type OfflineForm = Required<UnsignedTxDraft>;

/** The transaction types offered, each with the message id of its label. */
export const TYPE_CHOICES = [
  ['eip1559', 'sign:offline.type.eip1559'],
  ['eip2930', 'sign:offline.type.eip2930'],
  ['legacy', 'sign:offline.type.legacy'],
] as const satisfies readonly (readonly [OfflineTxType, MessageId])[];

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

/**
 * The form filled from a transaction read from a file (base units): the value and fees back in
 * the units a person types (ETH, gwei), written as typed in the language shown (or `locale`).
 * `buildUnsignedTx` with that language's format reads them back to the same transaction.
 */
export function formOf(tx: OfflineTx, locale?: Locale): OfflineForm {
  const gweiText = (wei: bigint) => amountInputText(wei, 9, locale);
  return {
    type: tx.type,
    chainId: String(tx.chainId),
    nonce: String(tx.nonce),
    to: tx.to ?? '',
    value: amountInputText(tx.value, 18, locale),
    gasLimit: tx.gas.toString(),
    gasPrice: tx.type === 'eip1559' ? '' : gweiText(tx.gasPrice),
    maxFeePerGas: tx.type === 'eip1559' ? gweiText(tx.maxFeePerGas) : '',
    maxPriorityFeePerGas: tx.type === 'eip1559' ? gweiText(tx.maxPriorityFeePerGas) : '',
    data: tx.data === '0x' ? '' : tx.data,
    accessList: tx.type !== 'legacy' && tx.accessList.length > 0 ? JSON.stringify(tx.accessList, null, 2) : '',
  };
}
