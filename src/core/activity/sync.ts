import type { Address, Hex } from 'viem';
import { getBlock } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { FIRST_LOG_SPAN } from '../chain/logRanges';
import type { Network } from '../chain/networks';
import { readInBatches } from '../chain/readInBatches';
import { readLaneOf } from '../chain/readLane';
import { rescanFrom } from '../chain/rescanFrom';
import { toChainError } from '../chain/toChainError';
import { type CairnError, isCairnError } from '../errors/base';
import { type ActivityStore, type NativeSource, nativeSourceFor, syncKey } from './activityStore';
import { type ExplorerSource, explorerItems } from './explorerItems';
import { type ActivityItem, NATIVE_ITEM_SOURCES } from './item';
import { scanItemsOf } from './nativeScan';
import { senderItems } from './senderItems';
import { readTransferItemsOf } from './transferLogs';

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

/** One account's part of a sync of several: what was read, or why its part failed. */
export type SyncOutcome = SyncResult | { error: unknown };

/**
 * Brings one account's history on one network up to the node's head (syncAccounts).
 *
 * Errors: ChainError (the node), ExplorerError (the explorer).
 */
export async function syncAccount(
  deps: SyncDeps,
  account: Address,
  onProgress?: (progress: SyncProgress) => void,
): Promise<SyncResult> {
  const outcome = (await syncAccounts(deps, [account], onProgress)).get(account);
  if (!outcome || 'error' in outcome) throw outcome?.error;
  return outcome;
}

/**
 * Brings several accounts' history on one network up to the node's head, incrementally and in one
 * read for all of them: token transfers from eth_getLogs naming every account (ranges adapted to
 * the node), native value from one block scan on the local chain or from the user's explorer, fees
 * of each account's own transactions from receipts, block times. Each account is read from where
 * it got to (the reads start at the earliest, and each keeps what is new to it). The last
 * REORG_DEPTH blocks are always read again and replace what was stored, so a reorganisation leaves
 * no ghosts; when the head an account last saw is gone, it goes back further. With no new block
 * since the last sync it makes a single request.
 *
 * Errors: ChainError (the node), ExplorerError (the explorer): thrown when the shared read fails,
 * else per account in its outcome.
 */
export async function syncAccounts(
  deps: SyncDeps,
  accounts: readonly Address[],
  onProgress?: (progress: SyncProgress) => void,
): Promise<Map<Address, SyncOutcome>> {
  const { client, network, store } = deps;
  const chainId = network.chainId;
  const states = await Promise.all(accounts.map((account) => store.state(chainId, account)));
  const asked = [...new Set(states.flatMap((s) => (s ? [s.headNumber] : [])))];
  let head: { number: bigint; hash: Hex; timestamp: bigint };
  const hashes = new Map<bigint, Hex>();
  try {
    // One request: the head, and the blocks at the heads last synced (are they still on the chain?).
    const [latestBlock, ...previousHeads] = await Promise.all([
      getBlock(client, { blockTag: 'latest' }),
      ...asked.map((blockNumber) => getBlock(client, { blockNumber }).catch(() => undefined)),
    ]);
    head = latestBlock;
    for (const block of previousHeads) if (block?.hash) hashes.set(block.number, block.hash);
  } catch (error) {
    throw toChainError(error);
  }
  const latest = head.number;
  const nativeSource = nativeSourceFor(network, deps.explorer !== undefined);
  const results = new Map<Address, SyncOutcome>();
  const reading: Reading[] = [];
  accounts.forEach((account, i) => {
    const previous = states[i];
    const headKept = previous !== undefined && hashes.get(previous.headNumber) === previous.headHash;
    if (headKept && latest === previous.headNumber && previous.nativeSource === nativeSource) {
      results.set(account, { changed: false, itemsChanged: false, head: latest, written: 0 });
      return;
    }
    const startOf = (syncedTo: bigint | undefined) => rescanFrom(syncedTo, latest, previous !== undefined && !headKept);
    reading.push({
      account,
      logsFrom: startOf(previous?.logsTo),
      nativeFrom: previous?.nativeSource === nativeSource ? startOf(previous.nativeTo) : 0n,
      span: previous?.logSpan ?? FIRST_LOG_SPAN,
    });
  });
  if (reading.length === 0) return results;
  const earliest = (starts: readonly bigint[]) => starts.reduce((a, b) => (b < a ? b : a));
  const span = earliest(reading.map((r) => r.span));
  let read: [Awaited<ReturnType<typeof readTransferItemsOf>>, NativeRead];
  try {
    read = await Promise.all([
      readTransferItemsOf(
        client,
        chainId,
        reading.map((r) => r.account),
        { from: earliest(reading.map((r) => r.logsFrom)), to: latest, span },
        (done, total) => onProgress?.({ phase: 'logs', done, total }),
      ),
      readNative(deps, reading, nativeSource, latest, onProgress),
    ]);
  } catch (error) {
    throw isCairnError(error) ? error : toChainError(error);
  }
  const [logs, native] = read;
  const timestamps = new Map(native.timestamps);
  timestamps.set(head.number, Number(head.timestamp));
  await Promise.all(
    reading.map(async ({ account, logsFrom, nativeFrom }) => {
      const refused = native.failed.get(account);
      if (refused) {
        // Nothing stored: the next sync reads this account again from where it was.
        results.set(account, { error: refused });
        return;
      }
      try {
        const since = (items: readonly ActivityItem[] | undefined, start: bigint) =>
          (items ?? []).filter((i) => i.blockNumber >= start);
        const stored = await storeSynced(deps, account, {
          head,
          nativeSource,
          transfers: { from: logsFrom, items: since(logs.items.get(account), logsFrom), span: logs.span },
          native: { from: nativeFrom, items: since(native.items.get(account), nativeFrom) },
          timestamps,
        });
        results.set(account, stored);
      } catch (error) {
        results.set(account, { error: isCairnError(error) ? error : toChainError(error) });
      }
    }),
  );
  return results;
}

/** An account a sync reads: from where for each source, and the log span it last used. */
type Reading = { account: Address; logsFrom: bigint; nativeFrom: bigint; span: bigint };

type NativeRead = {
  items: Map<Address, ActivityItem[]>;
  timestamps: Map<bigint, number>;
  /** Accounts whose native history could not be read (an explorer refusing one of them). */
  failed: Map<Address, CairnError>;
};

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

/** Failures of the explorer itself, not of one account's list: asking it again at once is no use. */
const EXPLORER_WIDE: ReadonlySet<string> = new Set([
  'EXPLORER_UNAVAILABLE',
  'EXPLORER_RATE_LIMITED',
  'EXPLORER_INVALID_KEY',
  'EXPLORER_UNSUPPORTED_CHAIN',
]);

/**
 * The accounts' native items from where this network's native history comes from, with the block
 * times it read: one block scan for all of them from the earliest start, or each one's explorer list.
 */
async function readNative(
  deps: SyncDeps,
  reading: readonly Reading[],
  source: NativeSource,
  to: bigint,
  onProgress?: (progress: SyncProgress) => void,
): Promise<NativeRead> {
  const chainId = deps.network.chainId;
  const { explorer } = deps;
  if (source === 'explorer' && explorer) {
    // One account after another: an explorer's free tier allows a few requests a second. A refusal
    // of one account fails that account's sync only; once the explorer itself fails (busy, rate
    // limited, the key refused), the accounts after it get that failure without asking again.
    const items = new Map<Address, ActivityItem[]>();
    const failed = new Map<Address, CairnError>();
    let explorerDown: CairnError | undefined;
    for (const { account, nativeFrom } of reading) {
      if (explorerDown) {
        failed.set(account, explorerDown);
        continue;
      }
      try {
        items.set(account, await explorerItems(explorer, chainId, account, nativeFrom, to));
      } catch (error) {
        const refusal = isCairnError(error) ? error : toChainError(error);
        failed.set(account, refusal);
        if (EXPLORER_WIDE.has(refusal.code)) explorerDown = refusal;
      }
    }
    return { items, timestamps: new Map(), failed };
  }
  if (source !== 'scan') return { items: new Map(), timestamps: new Map(), failed: new Map() };
  const from = reading.reduce((a, r) => (r.nativeFrom < a ? r.nativeFrom : a), to + 1n);
  const scanned = await scanItemsOf(
    deps.client,
    chainId,
    reading.map((r) => r.account),
    { from, to },
    (done, total) => onProgress?.({ phase: 'native', done, total }),
  );
  return { ...scanned, failed: new Map() };
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
