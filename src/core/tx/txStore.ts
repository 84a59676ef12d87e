import type { Message } from '../i18n/message';
import { fromStoredText, isStoredText, toStoredText } from '../i18n/storedMessage';
import type { TxKind, TxRecord, TxStatus } from './record';
import { isWatched } from './watching';

/**
 * Where transaction records live (IndexedDB in the app; memory in tests). Records that no longer
 * read back (damaged storage) are left untouched and skipped by the listings, so one bad record
 * never hides the others; `damaged` hands them out as stored, for the person to keep.
 */
export interface TxStore {
  /** Stores a new record. */
  put(record: TxRecord): Promise<void>;
  /**
   * Stores a changed record (at revision + 1) only if the stored one is still at `record.revision`,
   * in one step no other window can interleave with; undefined when another write came first.
   */
  putIfUnchanged(record: TxRecord): Promise<TxRecord | undefined>;
  get(id: string): Promise<TxRecord | undefined>;
  /** Every readable record of an account on a chain, oldest first. */
  forAccount(chainId: number, from: string): Promise<TxRecord[]>;
  /** Every readable record on a chain. */
  forChain(chainId: number): Promise<TxRecord[]>;
  /**
   * Every readable record tracking still looks at (isWatched), on every chain, oldest first: read
   * alone, through the stored mark `watched`, never with the settled ones.
   */
  watched(): Promise<TxRecord[]>;
  /** Stored records that cannot be read back, as stored. */
  damaged(): Promise<unknown[]>;
}

export type Stored = Record<string, unknown>;

const STATUSES: readonly TxStatus[] = ['signed', 'pending', 'confirmed', 'failed', 'replaced', 'dropped', 'rejected'];
// Here, not beside TxKind: this module is in the boot script's graph, and record.ts's values are not.
const KINDS = [
  'transfer',
  'call',
  'speed-up',
  'cancel',
  'fill-gap',
  'account-upgrade',
  'account-undo',
  'batch',
  'pay-gas',
  'safe-approve',
  'safe-execute',
] as const satisfies readonly TxKind[];
/** Does not compile while a kind is missing from KINDS. */
export const EVERY_KIND_LISTED: [Exclude<TxKind, (typeof KINDS)[number]>] extends [never] ? true : never = true;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const INTEGER = /^\d{1,78}$/;

/** Throws unless `stored` has every field of a record in its stored form. */
function checkStored(stored: Stored): void {
  const fail = (field: string) => {
    throw new Error(`damaged transaction record: ${field}`);
  };
  const text = (v: unknown, pattern: RegExp) => typeof v === 'string' && pattern.test(v);
  const count = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  const optional = (v: unknown, ok: (x: unknown) => boolean) => v === undefined || ok(v);
  if (typeof stored.id !== 'string' || !stored.id) fail('id');
  if (!(KINDS as readonly string[]).includes(stored.kind as string)) fail('kind');
  if (!STATUSES.includes(stored.status as TxStatus)) fail('status');
  if (typeof stored.networkId !== 'string') fail('networkId');
  if (!count(stored.chainId)) fail('chainId');
  if (!text(stored.from, ADDRESS)) fail('from');
  // None for a contract creation.
  if (!optional(stored.to, (v) => text(v, ADDRESS))) fail('to');
  if (!count(stored.nonce)) fail('nonce');
  if (!text(stored.value, INTEGER)) fail('value');
  if (!text(stored.gas, INTEGER)) fail('gas');
  if (!text(stored.data, HEX)) fail('data');
  if (!text(stored.hash, HASH)) fail('hash');
  if (!optional(stored.sentBy, (v) => typeof v === 'string')) fail('sentBy');
  if (!optional(stored.nonceUnconfirmed, (v) => v === true)) fail('nonceUnconfirmed');
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  const authorizationOk = (v: unknown) =>
    isRecord(v) &&
    text(v.authority, ADDRESS) &&
    text(v.address, ADDRESS) &&
    count(v.chainId) &&
    count(v.nonce) &&
    text(v.r, HEX) &&
    text(v.s, HEX) &&
    (v.yParity === 0 || v.yParity === 1);
  if (!optional(stored.authorizations, (v) => Array.isArray(v) && v.every(authorizationOk))) fail('authorizations');
  if (!optional(stored.batch, (v) => isRecord(v) && count(v.calls) && text(v.account, ADDRESS))) fail('batch');
  const rawOk = text(stored.raw, HEX) && (stored.raw as string).length >= 4;
  if (!(rawOk || (stored.raw === undefined && stored.sentBy !== undefined))) fail('raw');
  if (!count(stored.createdAt) || !count(stored.updatedAt) || !count(stored.confirmations)) fail('times');
  if (!optional(stored.revision, count)) fail('revision');
  if (!optional(stored.blockNumber, (v) => text(v, INTEGER))) fail('blockNumber');
  // Words (records from before Messages) or a Message: { id, values? } with JSON-safe values.
  if (!optional(stored.failureReason, isStoredText)) fail('failureReason');
  if (!optional(stored.broadcastError, isStoredText)) fail('broadcastError');
  if (!optional(stored.walletMismatch, (v) => typeof v !== 'string' && isStoredText(v))) fail('walletMismatch');
  const fees = stored.fees as Record<string, unknown> | undefined;
  const feesOk =
    typeof fees === 'object' &&
    fees !== null &&
    (fees.kind === 'legacy'
      ? text(fees.gasPrice, INTEGER)
      : fees.kind === 'eip1559' && text(fees.maxFeePerGas, INTEGER) && text(fees.maxPriorityFeePerGas, INTEGER));
  if (!feesOk) fail('fees');
  const intent = stored.intent as Record<string, unknown> | undefined;
  if (intent !== undefined) {
    const asset = intent?.asset as Record<string, unknown> | undefined;
    const assetOk =
      typeof asset === 'object' &&
      asset !== null &&
      typeof asset.symbol === 'string' &&
      count(asset.decimals) &&
      (asset.kind === 'native' ||
        (asset.kind === 'token' && text(asset.address, ADDRESS)) ||
        (asset.kind === 'nft' &&
          (asset.standard === 'erc721' || asset.standard === 'erc1155') &&
          text(asset.address, ADDRESS) &&
          text(asset.tokenId, INTEGER)));
    if (typeof intent !== 'object' || intent === null || !assetOk) fail('intent');
    if (!text(intent.amount, INTEGER) || !text(intent.recipient, ADDRESS)) fail('intent');
  }
}

/** The readable records among stored ones, and the damaged ones as they are. */
export function readStored(list: readonly Stored[]): { records: TxRecord[]; damaged: Stored[] } {
  const records: TxRecord[] = [];
  const damaged: Stored[] = [];
  for (const stored of list) {
    try {
      records.push(fromStored(stored));
    } catch {
      damaged.push(stored);
    }
  }
  records.sort((a, b) => a.createdAt - b.createdAt);
  return { records, damaged };
}

const BIGINT_FIELDS = ['value', 'gas', 'blockNumber'] as const;
const MESSAGE_FIELDS = ['failureReason', 'broadcastError', 'walletMismatch'] as const;

/**
 * `stored` with the mark of a watched record (`watched: 1`, IndexedDB's byWatched index) set from
 * its status and confirmations, or taken off; a record too damaged to tell is left as it is.
 */
export function withWatchedMark(stored: Stored): Stored {
  const { status, confirmations } = stored;
  if (!STATUSES.includes(status as TxStatus) || typeof confirmations !== 'number') return stored;
  const { watched: _mark, ...rest } = stored;
  return isWatched({ status: status as TxStatus, confirmations }) ? { ...rest, watched: 1 } : rest;
}

/** The key records are looked up by per account (the stored `fromKey`, IndexedDB's byAccount index). */
export const accountKey = (chainId: number, from: string): string => `${chainId}:${from.toLowerCase()}`;

/**
 * Records as stored, JSON-safe: bigints as decimal strings (also those in Messages, see
 * storedMessage.ts), addresses lower-cased for lookups, watched ones marked (withWatchedMark).
 */
export function toStored(record: TxRecord): Stored {
  const stored: Stored = { ...record, fromKey: accountKey(record.chainId, record.from) };
  for (const field of BIGINT_FIELDS) stored[field] = record[field] === undefined ? undefined : String(record[field]);
  for (const field of MESSAGE_FIELDS) {
    const said = record[field];
    stored[field] = said === undefined ? undefined : toStoredText(said);
  }
  stored.fees =
    record.fees.kind === 'legacy'
      ? { kind: 'legacy', gasPrice: String(record.fees.gasPrice) }
      : {
          kind: 'eip1559',
          maxFeePerGas: String(record.fees.maxFeePerGas),
          maxPriorityFeePerGas: String(record.fees.maxPriorityFeePerGas),
        };
  stored.intent = record.intent
    ? {
        ...record.intent,
        amount: String(record.intent.amount),
        asset:
          record.intent.asset.kind === 'nft'
            ? { ...record.intent.asset, tokenId: String(record.intent.asset.tokenId) }
            : record.intent.asset,
      }
    : undefined;
  return withWatchedMark(stored);
}

/** A record from its stored form. Throws on a damaged one. */
export function fromStored(stored: Stored): TxRecord {
  checkStored(stored);
  const { fromKey: _key, watched: _mark, ...rest } = stored;
  const record = rest as unknown as TxRecord & Record<string, unknown>;
  // Records stored before revisions existed start at 0.
  record.revision = (stored.revision as number | undefined) ?? 0;
  const fees = stored.fees as Record<string, string>;
  return {
    ...record,
    value: BigInt(stored.value as string),
    gas: BigInt(stored.gas as string),
    blockNumber: stored.blockNumber === undefined ? undefined : BigInt(stored.blockNumber as string),
    failureReason: stored.failureReason === undefined ? undefined : fromStoredText(stored.failureReason),
    broadcastError: stored.broadcastError === undefined ? undefined : fromStoredText(stored.broadcastError),
    walletMismatch:
      stored.walletMismatch === undefined ? undefined : (fromStoredText(stored.walletMismatch) as Message),
    fees:
      fees.kind === 'legacy'
        ? { kind: 'legacy', gasPrice: BigInt(fees.gasPrice ?? '0') }
        : {
            kind: 'eip1559',
            maxFeePerGas: BigInt(fees.maxFeePerGas ?? '0'),
            maxPriorityFeePerGas: BigInt(fees.maxPriorityFeePerGas ?? '0'),
          },
    intent: record.intent ? readIntent(record.intent as unknown as Record<string, unknown>) : undefined,
  };
}

function readIntent(stored: Record<string, unknown>): TxRecord['intent'] {
  const asset = stored.asset as Record<string, unknown>;
  return {
    ...(stored as unknown as NonNullable<TxRecord['intent']>),
    amount: BigInt(stored.amount as string),
    asset: (asset.kind === 'nft' ? { ...asset, tokenId: BigInt(asset.tokenId as string) } : asset) as NonNullable<
      TxRecord['intent']
    >['asset'],
  };
}

/** The stored revision of a stored record (0 for records from before revisions). */
export function storedRevision(stored: Stored | undefined): number | undefined {
  if (!stored) return undefined;
  return typeof stored.revision === 'number' ? stored.revision : 0;
}

export function memoryTxStore(): TxStore {
  const records = new Map<string, Stored>();
  const read = (stored: Stored[]) => readStored(stored.map((r) => structuredClone(r)));
  const all = () => read([...records.values()]);
  return {
    async put(record) {
      records.set(record.id, structuredClone(toStored(record)));
    },
    async putIfUnchanged(record) {
      if (storedRevision(records.get(record.id)) !== record.revision) return undefined;
      const next = { ...record, revision: record.revision + 1 };
      records.set(record.id, structuredClone(toStored(next)));
      return next;
    },
    async get(id) {
      const stored = records.get(id);
      return stored ? fromStored(structuredClone(stored)) : undefined;
    },
    async forAccount(chainId, from) {
      const key = accountKey(chainId, from);
      return read([...records.values()].filter((r) => r.fromKey === key)).records;
    },
    async forChain(chainId) {
      return all().records.filter((r) => r.chainId === chainId);
    },
    async watched() {
      return read([...records.values()].filter((r) => r.watched === 1)).records;
    },
    async damaged() {
      return all().damaged;
    },
  };
}
