import { type Address, getAddress, type Hex } from 'viem';
import { type SyncState, syncKey } from './activityStore';
import {
  ACTIVITY_DIRECTIONS,
  ACTIVITY_SOURCES,
  type ActivityAsset,
  type ActivityItem,
  NATIVE_ITEM_SOURCES,
} from './item';

export type StoredItem = Record<string, unknown> & { id: string; accountKey: string; block: number };

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const INTEGER = /^\d{1,78}$/;

/** The stored form: bigints as decimal strings, the block as a number for the range index. */
export function toStoredItem(item: ActivityItem): StoredItem {
  const asset: Record<string, unknown> = { ...item.asset };
  if ('tokenId' in item.asset) asset.tokenId = String(item.asset.tokenId);
  return {
    ...item,
    accountKey: syncKey(item.chainId, item.account),
    block: Number(item.blockNumber),
    blockNumber: String(item.blockNumber),
    amount: String(item.amount),
    fee: item.fee === undefined ? undefined : String(item.fee),
    asset,
  };
}

/** An item from its stored form; throws on a damaged one (the store skips it). */
export function fromStoredItem(stored: Record<string, unknown>): ActivityItem {
  const text = (v: unknown, pattern: RegExp) => typeof v === 'string' && pattern.test(v);
  const count = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  const fail = (field: string): never => {
    throw new Error(`damaged activity item: ${field}`);
  };
  if (typeof stored.id !== 'string') fail('id');
  if (!count(stored.chainId)) fail('chainId');
  if (!text(stored.account, ADDRESS)) fail('account');
  if (!text(stored.hash, HASH)) fail('hash');
  if (!text(stored.blockNumber, INTEGER)) fail('blockNumber');
  if (!count(stored.txIndex)) fail('txIndex');
  if (stored.logIndex !== undefined && !count(stored.logIndex)) fail('logIndex');
  if (stored.timestamp !== undefined && !count(stored.timestamp)) fail('timestamp');
  if (!(ACTIVITY_DIRECTIONS as readonly unknown[]).includes(stored.direction)) fail('direction');
  if (stored.counterparty !== undefined && !text(stored.counterparty, ADDRESS)) fail('counterparty');
  if (!text(stored.amount, INTEGER)) fail('amount');
  if (stored.fee !== undefined && !text(stored.fee, INTEGER)) fail('fee');
  if (typeof stored.failed !== 'boolean') fail('failed');
  if (!(ACTIVITY_SOURCES as readonly unknown[]).includes(stored.source)) fail('source');
  const raw = stored.asset as Record<string, unknown> | undefined;
  let asset: ActivityAsset;
  if (raw?.kind === 'native') asset = { kind: 'native' };
  else if (raw?.kind === 'erc20' && text(raw.address, ADDRESS))
    asset = { kind: 'erc20', address: getAddress(raw.address as string) };
  else if (
    (raw?.kind === 'erc721' || raw?.kind === 'erc1155') &&
    text(raw.address, ADDRESS) &&
    text(raw.tokenId, INTEGER)
  )
    asset = { kind: raw.kind, address: getAddress(raw.address as string), tokenId: BigInt(raw.tokenId as string) };
  else return fail('asset');
  return {
    id: stored.id as string,
    chainId: stored.chainId as number,
    account: getAddress(stored.account as string),
    hash: stored.hash as Hex,
    blockNumber: BigInt(stored.blockNumber as string),
    timestamp: stored.timestamp as number | undefined,
    txIndex: stored.txIndex as number,
    logIndex: stored.logIndex as number | undefined,
    direction: stored.direction as ActivityItem['direction'],
    counterparty: stored.counterparty === undefined ? undefined : getAddress(stored.counterparty as string),
    asset,
    amount: BigInt(stored.amount as string),
    fee: stored.fee === undefined ? undefined : BigInt(stored.fee as string),
    failed: stored.failed as boolean,
    source: stored.source as ActivityItem['source'],
  };
}

export function toStoredState(state: SyncState): Record<string, unknown> {
  return {
    ...state,
    headNumber: String(state.headNumber),
    logsTo: String(state.logsTo),
    logSpan: String(state.logSpan),
    nativeTo: String(state.nativeTo),
  };
}

/** A sync state from storage, or undefined if damaged (the account then syncs from scratch). */
export function fromStoredState(stored: Record<string, unknown> | undefined): SyncState | undefined {
  if (!stored) return undefined;
  try {
    const big = (v: unknown) => {
      if (typeof v !== 'string' || !INTEGER.test(v)) throw new Error('bad');
      return BigInt(v);
    };
    if (typeof stored.key !== 'string' || typeof stored.chainId !== 'number') return undefined;
    if (typeof stored.headHash !== 'string' || !HASH.test(stored.headHash)) return undefined;
    if (![...NATIVE_ITEM_SOURCES, 'none'].includes(stored.nativeSource as string)) return undefined;
    return {
      key: stored.key,
      chainId: stored.chainId,
      account: getAddress(stored.account as string) as Address,
      headNumber: big(stored.headNumber),
      headHash: stored.headHash as Hex,
      logsTo: big(stored.logsTo),
      logSpan: big(stored.logSpan),
      nativeSource: stored.nativeSource as SyncState['nativeSource'],
      nativeTo: big(stored.nativeTo),
    };
  } catch {
    return undefined;
  }
}
