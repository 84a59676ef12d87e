import type { Address, Hex } from 'viem';
import { getBlock, getTransaction, getTransactionReceipt } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import type { Network } from '../chain/networks';
import { toChainError } from '../chain/toChainError';
import { isCairnError } from '../errors/base';
import { explorerHistory } from '../explorer/account';
import type { ExplorerConfig, ExplorerFetch } from '../explorer/client';
import { type ActivityStore, type NativeSource, type SyncState, syncKey } from './activityStore';
import { itemsFromExplorer } from './explorerItems';
import type { ActivityItem } from './item';
import { DEFAULT_SPAN_POLICY, readInSpans } from './logRanges';
import { receivedItem, type ScannedTx, scanBlocks, sentItem } from './nativeScan';
import { readInBatches } from './readInBatches';
import { itemsFromLog, type RawLog, transferFilters } from './transferLogs';

/** Blocks re-read at every sync, so a reorganisation this deep leaves no ghost items. */
export const REORG_DEPTH = 12n;
/** Blocks re-read when the last synced head is no longer on the chain (a deeper reorganisation). */
export const DEEP_REORG_DEPTH = 256n;
/** Calls per JSON-RPC batch for receipts and blocks. */

export type SyncDeps = {
  client: ChainClient;
  network: Network;
  store: ActivityStore;
  /** The user's explorer for this network, if they configured one. */
  explorer?: { config: ExplorerConfig; fetch?: ExplorerFetch } | undefined;
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

/** Where native history comes from on this network. */
export function nativeSourceFor(network: Network, explorerConfigured: boolean): NativeSource {
  if (explorerConfigured) return 'explorer';
  return network.kind === 'local' ? 'scan' : 'none';
}

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
  const rewind = previous && !headKept ? DEEP_REORG_DEPTH : REORG_DEPTH;
  const startOf = (syncedTo: bigint | undefined) => {
    if (syncedTo === undefined) return 0n;
    const base = syncedTo < latest ? syncedTo : latest;
    return base - rewind + 1n > 0n ? base - rewind + 1n : 0n;
  };
  const logsFrom = startOf(previous?.logsTo);
  const nativeFrom = previous?.nativeSource === nativeSource ? startOf(previous.nativeTo) : 0n;

  try {
    const [logs, native] = await Promise.all([
      readLogs(deps, account, logsFrom, latest, previous?.logSpan ?? DEFAULT_SPAN_POLICY.max, onProgress),
      readNative(deps, account, nativeSource, nativeFrom, latest, onProgress),
    ]);
    const known = new Set(native.items.filter((i) => i.logIndex === undefined).map((i) => i.hash));
    const sentByAccount = await senderItems(deps, account, logs.items, known);
    const logItems = await withTimestamps(client, [...logs.items, ...sentByAccount], native.timestamps);
    let itemsChanged = await store.replace({
      chainId,
      account,
      fromBlock: logsFrom,
      sources: ['logs'],
      items: logItems,
    });
    if (nativeSource !== 'none') {
      const nativeChanged = await store.replace({
        chainId,
        account,
        fromBlock: nativeFrom,
        sources: ['scan', 'explorer'],
        items: native.items,
      });
      itemsChanged ||= nativeChanged;
    }
    const state: SyncState = {
      key: syncKey(chainId, account),
      chainId,
      account,
      headNumber: latest,
      headHash: head.hash,
      logsTo: latest,
      logSpan: logs.span,
      nativeSource,
      nativeTo: nativeSource === 'none' ? 0n : latest,
    };
    await store.saveState(state);
    return { changed: true, itemsChanged, head: latest, written: logItems.length + native.items.length };
  } catch (error) {
    throw isCairnError(error) ? error : toChainError(error);
  }
}

async function readLogs(
  deps: SyncDeps,
  account: Address,
  from: bigint,
  to: bigint,
  span: bigint,
  onProgress?: (progress: SyncProgress) => void,
): Promise<{ items: ActivityItem[]; span: bigint }> {
  const filters = transferFilters(account);
  const result = await readInSpans<RawLog>({
    from,
    to,
    span,
    read: async (fromBlock, toBlock) => {
      const answers = await Promise.all(
        filters.map(
          (filter) =>
            deps.client.request({
              method: 'eth_getLogs',
              params: [
                {
                  fromBlock: `0x${fromBlock.toString(16)}`,
                  toBlock: `0x${toBlock.toString(16)}`,
                  topics: filter.topics,
                },
              ],
            } as never) as Promise<RpcLog[]>,
        ),
      );
      return answers.flat().map(parseRpcLog);
    },
    onProgress: (done, total) => onProgress?.({ phase: 'logs', done, total }),
  });
  const byId = new Map<string, ActivityItem>();
  for (const log of result.items)
    for (const item of itemsFromLog(deps.network.chainId, account, log)) byId.set(item.id, item);
  return { items: [...byId.values()], span: result.span };
}

type RpcLog = {
  address: Address;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  logIndex: Hex;
  removed?: boolean;
};

function parseRpcLog(log: RpcLog): RawLog {
  return {
    address: log.address,
    topics: log.topics,
    data: log.data,
    blockNumber: BigInt(log.blockNumber),
    transactionHash: log.transactionHash,
    transactionIndex: Number(BigInt(log.transactionIndex)),
    logIndex: Number(BigInt(log.logIndex)),
    removed: log.removed,
  };
}

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
    const history = await explorerHistory({
      config: deps.explorer.config,
      chainId,
      address: account,
      fromBlock: from,
      toBlock: to,
      ...(deps.explorer.fetch ? { fetch: deps.explorer.fetch } : {}),
    });
    return { items: itemsFromExplorer(chainId, account, history), timestamps: new Map() };
  }
  if (source !== 'scan') return { items: [], timestamps: new Map() };
  const scan = await scanBlocks(deps.client, account, from, to, (done, total) =>
    onProgress?.({ phase: 'native', done, total }),
  );
  const receipts = await readInBatches([...scan.sent, ...scan.received], (tx) =>
    getTransactionReceipt(deps.client, { hash: tx.hash }),
  );
  const items: ActivityItem[] = [];
  const all: ScannedTx[] = [...scan.sent, ...scan.received];
  all.forEach((tx, i) => {
    const receipt = receipts[i];
    if (!receipt) return;
    const failed = receipt.status !== 'success';
    if (i < scan.sent.length) {
      items.push(
        sentItem(
          chainId,
          account,
          tx,
          {
            fee: receipt.gasUsed * receipt.effectiveGasPrice,
            failed,
            contractAddress: receipt.contractAddress ?? undefined,
          },
          'scan',
        ),
      );
    } else if (!failed) {
      items.push(receivedItem(chainId, account, tx, 'tx', 'scan'));
    }
  });
  return { items, timestamps: scan.timestamps };
}

/**
 * For transfers out of the account whose transaction no other source described: the transaction
 * itself, if the account sent it (its fee and native value); a transfer made by a spender with an
 * allowance was not sent by the account and gets nothing.
 */
async function senderItems(
  deps: SyncDeps,
  account: Address,
  items: readonly ActivityItem[],
  known: Set<Hex>,
): Promise<ActivityItem[]> {
  const hashes = [...new Set(items.filter((i) => i.direction !== 'in' && !known.has(i.hash)).map((i) => i.hash))];
  const read = await readInBatches(hashes, (hash) =>
    Promise.all([getTransaction(deps.client, { hash }), getTransactionReceipt(deps.client, { hash })]),
  );
  const out: ActivityItem[] = [];
  for (const [tx, receipt] of read) {
    if (tx.from.toLowerCase() !== account.toLowerCase() || tx.blockNumber === null) continue;
    const scanned = {
      hash: tx.hash,
      blockNumber: tx.blockNumber,
      timestamp: 0,
      txIndex: tx.transactionIndex ?? 0,
      from: tx.from,
      to: tx.to ?? undefined,
      value: tx.value,
    };
    const item = sentItem(
      deps.network.chainId,
      account,
      scanned,
      { fee: receipt.gasUsed * receipt.effectiveGasPrice, failed: receipt.status !== 'success' },
      'logs',
    );
    out.push({ ...item, timestamp: undefined });
  }
  return out;
}

/** Fills in block times, reading the headers of blocks no other source described (one batch per BATCH blocks). */
async function withTimestamps(
  client: ChainClient,
  items: ActivityItem[],
  known: Map<bigint, number>,
): Promise<ActivityItem[]> {
  const missing = [
    ...new Set(items.filter((i) => i.timestamp === undefined && !known.has(i.blockNumber)).map((i) => i.blockNumber)),
  ];
  const blocks = await readInBatches(missing, (blockNumber) => getBlock(client, { blockNumber }));
  const times = new Map(known);
  for (const block of blocks) times.set(block.number, Number(block.timestamp));
  return items.map((i) => (i.timestamp === undefined ? { ...i, timestamp: times.get(i.blockNumber) } : i));
}
