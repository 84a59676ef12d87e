import type { AccessList, Address, Hex } from 'viem';
import type { Message } from '../i18n/message';

/** The transaction types Cairn builds and signs offline. */
export type OfflineTxType = 'eip1559' | 'eip2930' | 'legacy';

export const OFFLINE_TX_TYPES: readonly OfflineTxType[] = ['eip1559', 'eip2930', 'legacy'];

type Common = {
  chainId: number;
  nonce: number;
  /** null creates a contract (its code is `data`). */
  to: Address | null;
  value: bigint;
  gas: bigint;
  data: Hex;
};

/**
 * A complete unsigned transaction with every field set (nothing left for a node to fill in), in
 * base units (wei). It is a viem `TransactionSerializable`, ready for `account.signTransaction`.
 */
export type OfflineTx =
  | (Common & { type: 'legacy'; gasPrice: bigint })
  | (Common & { type: 'eip2930'; gasPrice: bigint; accessList: AccessList })
  | (Common & { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; accessList: AccessList });

/** The fee fields of each type. */
export type OfflineFees =
  | { type: 'legacy'; gasPrice: bigint }
  | { type: 'eip2930'; gasPrice: bigint }
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/** The transaction of these fields, fees and access list (which a legacy transaction has not). */
export function offlineTx(common: Common, fees: OfflineFees, accessList: AccessList): OfflineTx {
  return fees.type === 'legacy' ? { ...common, ...fees } : { ...common, ...fees, accessList };
}

/** The fields read, once every one of them is there; undefined while any is missing. */
export function whenComplete<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]: Exclude<T[K], undefined> } | undefined {
  return Object.values(fields).includes(undefined)
    ? undefined
    : (fields as { [K in keyof T]: Exclude<T[K], undefined> });
}

/** The fields of an offline transaction, as named in drafts, files and error maps. */
export type OfflineTxField =
  | 'type'
  | 'chainId'
  | 'nonce'
  | 'to'
  | 'value'
  | 'gasLimit'
  | 'gasPrice'
  | 'maxFeePerGas'
  | 'maxPriorityFeePerGas'
  | 'data'
  | 'accessList';

/** One sentence per field that has a problem. */
export type FieldErrors = Partial<Record<OfflineTxField, Message>>;
