import type { TxRecord } from './record';

/** Where transaction records live (IndexedDB in the app; memory in tests). */
export interface TxStore {
  put(record: TxRecord): Promise<void>;
  get(id: string): Promise<TxRecord | undefined>;
  /** Every record of an account on a chain, oldest first. */
  forAccount(chainId: number, from: string): Promise<TxRecord[]>;
  /** Every record on a chain. */
  forChain(chainId: number): Promise<TxRecord[]>;
}

type Stored = Record<string, unknown>;

const BIGINT_FIELDS = ['value', 'gas', 'blockNumber'] as const;

/** Records as stored: bigints as decimal strings, addresses lower-cased for lookups. */
export function toStored(record: TxRecord): Stored {
  const stored: Stored = { ...record, fromKey: `${record.chainId}:${record.from.toLowerCase()}` };
  for (const field of BIGINT_FIELDS) stored[field] = record[field] === undefined ? undefined : String(record[field]);
  stored.fees =
    record.fees.kind === 'legacy'
      ? { kind: 'legacy', gasPrice: String(record.fees.gasPrice) }
      : {
          kind: 'eip1559',
          maxFeePerGas: String(record.fees.maxFeePerGas),
          maxPriorityFeePerGas: String(record.fees.maxPriorityFeePerGas),
        };
  stored.intent = record.intent ? { ...record.intent, amount: String(record.intent.amount) } : undefined;
  return stored;
}

export function fromStored(stored: Stored): TxRecord {
  const { fromKey: _key, ...rest } = stored;
  const record = rest as unknown as TxRecord & Record<string, unknown>;
  const fees = stored.fees as Record<string, string>;
  return {
    ...record,
    value: BigInt(stored.value as string),
    gas: BigInt(stored.gas as string),
    blockNumber: stored.blockNumber === undefined ? undefined : BigInt(stored.blockNumber as string),
    fees:
      fees.kind === 'legacy'
        ? { kind: 'legacy', gasPrice: BigInt(fees.gasPrice ?? '0') }
        : {
            kind: 'eip1559',
            maxFeePerGas: BigInt(fees.maxFeePerGas ?? '0'),
            maxPriorityFeePerGas: BigInt(fees.maxPriorityFeePerGas ?? '0'),
          },
    intent: record.intent ? { ...record.intent, amount: BigInt(record.intent.amount as unknown as string) } : undefined,
  };
}

export function memoryTxStore(): TxStore {
  const records = new Map<string, Stored>();
  const all = () => [...records.values()].map(fromStored).sort((a, b) => a.createdAt - b.createdAt);
  return {
    async put(record) {
      records.set(record.id, structuredClone(toStored(record)));
    },
    async get(id) {
      const stored = records.get(id);
      return stored ? fromStored(structuredClone(stored)) : undefined;
    },
    async forAccount(chainId, from) {
      return all().filter((r) => r.chainId === chainId && r.from.toLowerCase() === from.toLowerCase());
    },
    async forChain(chainId) {
      return all().filter((r) => r.chainId === chainId);
    },
  };
}
