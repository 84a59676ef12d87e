import type { Address, Hex } from 'viem';
import { getBlock } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { DEFAULT_SPAN_POLICY } from '../chain/logRanges';
import type { Network } from '../chain/networks';
import { readInBatches } from '../chain/readInBatches';
import { readLaneOf } from '../chain/readLane';
import { rescanFrom } from '../chain/rescanFrom';
import { toChainError } from '../chain/toChainError';
import { isCairnError } from '../errors/base';
import { type ActivityStore, type NativeSource, nativeSourceFor, syncKey } from './activityStore';
import { type ExplorerSource, explorerItems } from './explorerItems';
import { type ActivityItem, NATIVE_ITEM_SOURCES } from './item';
import { scanItems } from './nativeScan';
import { senderItems } from './senderItems';
import { readTransferItems } from './transferLogs';

export type SyncDeps = {
  client: ChainClient;
  network: Network;
  store: ActivityStore;
  /** The user's explorer for this network, if they configured one. */
  explorer?: ExplorerSource | undefined;
};

export type SyncProgress = { phase: 'logs' | 'native' | 'details'; done: bigint; total: bigint };

export type SyncResult = {
  /** False when the head had not moved since the last sync (one request, nothing read). */
  changed: boolean;
  /** True when the stored items changed (new, removed or moved ones): views need reading again. */
  itemsChanged: boolean;
  head: bigint;
  /** Items written for the re-read ranges. */
  written: number;
};

/**
 * Brings one account's history on one network up to the node's head, incrementally: token
 * transfers from eth_getLogs (ranges adapted to the node), native value from a block scan on the
 * local chain or from the user's explorer, fees of the account's own transactions from receipts,
 * block times. The last REORG_DEPTH blocks are always read again and replace what was stored, so
 * a reorganisation leaves no ghosts; when the head it last saw is gone, it goes back further.
 * With no new block since the last sync it makes a single request.
 *
 * Errors: ChainError (the node), ExplorerError (the explorer).
 */
export async function syncAccount(
  deps: SyncDeps,
  account: Address,
  onProgress?: (progress: SyncProgress) => void,
): Promise<SyncResult> {
  const { client, network, store } = deps;
  const chainId = network.chainId;
  const previous = await store.state(chainId, account);
  let head: { number: bigint; hash: Hex };
  let previousHead: { hash: Hex } | undefined;
  try {
    // One request: the head, and the block at the last synced head (is it still on the chain?).
    [head, previousHead] = await Promise.all([
      getBlock(client, { blockTag: 'latest' }),
      previous
        ? getBlock(client, { blockNumber: previous.headNumber }).catch(() => undefined)
        : Promise.resolve(undefined),
    ]);
  } catch (error) {
    throw toChainError(error);
  }
  const latest = head.number;
  const nativeSource = nativeSourceFor(network, deps.explorer !== undefined);
  const headKept = previous !== undefined && previousHead?.hash === previous.headHash;
  if (headKept && latest === previous.headNumber && previous.nativeSource === nativeSource) {
    return { changed: false, itemsChanged: false, head: latest, written: 0 };
  }
  const startOf = (syncedTo: bigint | undefined) => rescanFrom(syncedTo, latest, previous !== undefined && !headKept);
  const logsFrom = startOf(previous?.logsTo);
  const nativeFrom = previous?.nativeSource === nativeSource ? startOf(previous.nativeTo) : 0n;

  try {
    const [logs, native] = await Promise.all([
      readTransferItems(
        client,
        chainId,
        account,
        { from: logsFrom, to: latest, span: previous?.logSpan ?? DEFAULT_SPAN_POLICY.max },
        (done, total) => onProgress?.({ phase: 'logs', done, total }),
      ),
      readNative(deps, account, nativeSource, nativeFrom, latest, onProgress),
    ]);
    return await storeSynced(deps, account, {
      head,
      nativeSource,
      transfers: { from: logsFrom, items: logs.items, span: logs.span },
      native: { from: nativeFrom, items: native.items },
      timestamps: native.timestamps,
    });
  } catch (error) {
    throw isCairnError(error) ? error : toChainError(error);
  }
}

/** What a sync read for one account over [from, head]: token transfers, and native items. */
export type SyncedRange = {
  head: { number: bigint; hash: Hex };
  nativeSource: NativeSource;
  transfers: { from: bigint; items: readonly ActivityItem[]; span: bigint };
  native: { from: bigint; items: readonly ActivityItem[] };
  /** Block times already known (blocks read whole, the head). */
  timestamps: ReadonlyMap<bigint, number>;
};

/**
 * Stores what a sync read for an account: its own transactions behind transfers out (fee, value),
 * block times, then the ranges replaced (a reorganisation leaves no ghosts) and the state saved.
 */
export async function storeSynced(
  { client, network, store }: SyncDeps,
  account: Address,
  read: SyncedRange,
): Promise<SyncResult> {
  const chainId = network.chainId;
  const { head, nativeSource, transfers, native } = read;
  const known = new Set(native.items.filter((i) => i.logIndex === undefined).map((i) => i.hash));
  const sentByAccount = await senderItems(client, chainId, account, transfers.items, known);
  const logItems = await withTimestamps(client, [...transfers.items, ...sentByAccount], new Map(read.timestamps));
  let itemsChanged = await store.replace({
    chainId,
    account,
    fromBlock: transfers.from,
    sources: ['logs'],
    items: logItems,
  });
  if (nativeSource !== 'none') {
    const nativeChanged = await store.replace({
      chainId,
      account,
      fromBlock: native.from,
      sources: NATIVE_ITEM_SOURCES,
      items: [...native.items],
    });
    itemsChanged ||= nativeChanged;
  }
  await store.saveState({
    key: syncKey(chainId, account),
    chainId,
    account,
    headNumber: head.number,
    headHash: head.hash,
    logsTo: head.number,
    logSpan: transfers.span,
    nativeSource,
    nativeTo: nativeSource === 'none' ? 0n : head.number,
  });
  return { changed: true, itemsChanged, head: head.number, written: logItems.length + native.items.length };
}

/** Native items from where this network's native history comes from, with the block times it read. */
async function readNative(
  deps: SyncDeps,
  account: Address,
  source: NativeSource,
  from: bigint,
  to: bigint,
  onProgress?: (progress: SyncProgress) => void,
): Promise<{ items: ActivityItem[]; timestamps: Map<bigint, number> }> {
  const chainId = deps.network.chainId;
  if (source === 'explorer' && deps.explorer) {
    return { items: await explorerItems(deps.explorer, chainId, account, from, to), timestamps: new Map() };
  }
  if (source !== 'scan') return { items: [], timestamps: new Map() };
  return scanItems(deps.client, chainId, account, from, to, (done, total) =>
    onProgress?.({ phase: 'native', done, total }),
  );
}

/** Fills in block times, reading the headers of blocks no other source described (in JSON-RPC batches). */
async function withTimestamps(
  client: ChainClient,
  items: ActivityItem[],
  known: Map<bigint, number>,
): Promise<ActivityItem[]> {
  const missing = [
    ...new Set(items.filter((i) => i.timestamp === undefined && !known.has(i.blockNumber)).map((i) => i.blockNumber)),
  ];
  const blocks = await readInBatches(
    missing,
    (blockNumber) => getBlock(client, { blockNumber }),
    undefined,
    readLaneOf(client),
  );
  const times = new Map(known);
  for (const block of blocks) times.set(block.number, Number(block.timestamp));
  return items.map((i) => (i.timestamp === undefined ? { ...i, timestamp: times.get(i.blockNumber) } : i));
}
