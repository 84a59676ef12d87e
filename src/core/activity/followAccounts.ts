import type { Address, Hex } from 'viem';
import { getBlock } from 'viem/actions';
import { APPROVAL_TOPICS } from '../approvals/approvalEvents';
import type { HeadBlock } from '../chain/chainHead';
import { DEFAULT_SPAN_POLICY } from '../chain/logRanges';
import { readInBatches } from '../chain/readInBatches';
import { readLaneOf } from '../chain/readLane';
import { rescanFrom } from '../chain/rescanFrom';
import { toChainError } from '../chain/toChainError';
import { isCairnError } from '../errors/base';
import { sameAddress } from '../keys/sameAddress';
import { nativeSourceFor, type SyncState } from './activityStore';
import { explorerItems } from './explorerItems';
import type { ActivityItem } from './item';
import { scanItemsOf } from './nativeScan';
import { type SyncDeps, type SyncResult, storeSynced } from './sync';
import { readTransferItemsOf, topicAddress } from './transferLogs';

const approvalTopic0s = new Set<Hex>(Object.values(APPROVAL_TOPICS));

/** What following an account gave: a sync's result, and whether an approval by it was among the logs read. */
export type FollowResult = SyncResult & { approvalSeen?: boolean };

/** Accounts further behind than this are synced on their own (a first sync, a long absence). */
export const FOLLOW_LIMIT = 1_000n;

/**
 * Brings several accounts' history up to `head`, the block every reader of the chain shares, in
 * one read of the new blocks for all of them: three eth_getLogs, and on the local chain the new
 * blocks once. That the last head each account saw is still on the chain is known from the
 * head's parent hash when it is the block before, else from one batch of headers, asked beside
 * the new blocks (one request for both: a background pass rides with the figures' read); an
 * account whose last head is gone keeps nothing of that read. Accounts that cannot follow (never
 * synced, too far behind, their last head gone, another native source) are answered `behind`:
 * the caller syncs each on its own (syncAccount). A failure of the shared read fails every
 * account of it. `asking` is called once the stored states are read, just before the first read
 * of the node (the caller held the client's batch open for it: holdBackgroundBatch).
 *
 * Errors: ChainError (the node), ExplorerError (the explorer), per account.
 */
export async function followAccounts(
  deps: SyncDeps,
  accounts: readonly Address[],
  head: HeadBlock,
  asking: () => void = () => {},
): Promise<Map<Address, FollowResult | { error: unknown } | { behind: true }>> {
  const { network, store } = deps;
  const chainId = network.chainId;
  const nativeSource = nativeSourceFor(network, deps.explorer !== undefined);
  const states = await Promise.all(accounts.map((account) => store.state(chainId, account)));
  // Those that may follow if their last head is still on the chain, and have new blocks to read.
  const candidates: Following[] = [];
  accounts.forEach((account, i) => {
    const previous = states[i];
    const near =
      previous !== undefined &&
      previous.nativeSource === nativeSource &&
      head.number - previous.logsTo <= FOLLOW_LIMIT &&
      head.number >= previous.headNumber;
    if (near && head.number !== previous.headNumber) candidates.push({ account, previous });
  });
  asking();
  const [hashes, newBlocks] = await Promise.all([
    knownHashes(deps, head, states),
    candidates.length > 0 ? readNewBlocks(deps, candidates, head, nativeSource) : undefined,
  ]);
  const results = new Map<Address, FollowResult | { error: unknown } | { behind: true }>();
  const following: Following[] = [];
  accounts.forEach((account, i) => {
    const previous = states[i];
    const canFollow =
      previous !== undefined &&
      hashes.get(previous.headNumber) === previous.headHash &&
      previous.nativeSource === nativeSource &&
      head.number - previous.logsTo <= FOLLOW_LIMIT &&
      head.number >= previous.headNumber;
    if (!canFollow) results.set(account, { behind: true });
    else if (head.number === previous.headNumber) results.set(account, unchanged(head.number));
    else following.push({ account, previous });
  });
  if (following.length && newBlocks)
    for (const [account, result] of await storeFollowed(deps, following, head, newBlocks)) results.set(account, result);
  return results;
}

type Following = { account: Address; previous: SyncState };

const unchanged = (head: bigint): FollowResult => ({
  changed: false,
  itemsChanged: false,
  head,
  written: 0,
  approvalSeen: false,
});

/**
 * The hash of each block an account last saw as head, where it can be known: the head's and its
 * parent's from the head itself, any other read (one batch for all).
 */
async function knownHashes(
  { client }: SyncDeps,
  head: HeadBlock,
  states: readonly (SyncState | undefined)[],
): Promise<Map<bigint, Hex>> {
  const hashes = new Map<bigint, Hex>([[head.number, head.hash]]);
  if (head.number > 0n) hashes.set(head.number - 1n, head.parentHash);
  const asked = [
    ...new Set(
      states.flatMap((s) => (s && !hashes.has(s.headNumber) && s.headNumber < head.number ? [s.headNumber] : [])),
    ),
  ];
  const blocks = await readInBatches(
    asked,
    (blockNumber) => getBlock(client, { blockNumber }).catch(() => undefined),
    undefined,
    readLaneOf(client),
  ).catch(() => []);
  for (const block of blocks) if (block?.hash) hashes.set(block.number, block.hash);
  return hashes;
}

/** What one read of the new blocks found, for the accounts it was read for (or why it failed). */
type NewBlocks =
  | {
      logsFrom: Map<Address, bigint>;
      nativeFrom: Map<Address, bigint>;
      logs: Awaited<ReturnType<typeof readTransferItemsOf>>;
      scan: Awaited<ReturnType<typeof scanItemsOf>> | undefined;
      nativeSource: SyncState['nativeSource'];
    }
  | { error: unknown };

/** One read of the new blocks for the accounts, from the first block one of them has not read. */
async function readNewBlocks(
  deps: SyncDeps,
  following: readonly Following[],
  head: HeadBlock,
  nativeSource: SyncState['nativeSource'],
): Promise<NewBlocks> {
  const { client, network } = deps;
  const accounts = following.map((f) => f.account);
  const latest = head.number;
  // Each account's last head is still on the chain (checked beside this read), so nothing it read
  // has changed: only the new blocks are read (from the node; an explorer gets its usual few
  // blocks again).
  const logsFrom = new Map(following.map(({ account, previous }) => [account, previous.logsTo + 1n]));
  const nativeFrom = new Map(
    following.map(({ account, previous }) => [
      account,
      nativeSource === 'explorer' ? rescanFrom(previous.nativeTo, latest, false) : previous.nativeTo + 1n,
    ]),
  );
  const from = (starts: Map<Address, bigint>) => [...starts.values()].reduce((a, b) => (b < a ? b : a));
  const span = following.reduce((a, f) => (f.previous.logSpan < a ? f.previous.logSpan : a), DEFAULT_SPAN_POLICY.max);
  try {
    const known = head.transactions ? [{ ...head, transactions: head.transactions }] : [];
    const [logs, scan] = await Promise.all([
      readTransferItemsOf(
        client,
        network.chainId,
        accounts,
        { from: from(logsFrom), to: latest, span },
        undefined,
        Object.values(APPROVAL_TOPICS),
      ),
      nativeSource === 'scan'
        ? scanItemsOf(client, network.chainId, accounts, { from: from(nativeFrom), to: latest, known })
        : undefined,
    ]);
    return { logsFrom, nativeFrom, logs, scan, nativeSource };
  } catch (error) {
    return { error: isCairnError(error) ? error : toChainError(error) };
  }
}

/** Stores what the read of the new blocks found for each account whose last head is still on the chain. */
async function storeFollowed(
  deps: SyncDeps,
  following: readonly Following[],
  head: HeadBlock,
  newBlocks: NewBlocks,
): Promise<Map<Address, FollowResult | { error: unknown }>> {
  const results = new Map<Address, FollowResult | { error: unknown }>();
  if ('error' in newBlocks) {
    for (const { account } of following) results.set(account, { error: newBlocks.error });
    return results;
  }
  const { logsFrom, nativeFrom, logs, scan, nativeSource } = newBlocks;
  const chainId = deps.network.chainId;
  const latest = head.number;
  await Promise.all(
    following.map(async ({ account }) => {
      try {
        const since = (items: readonly ActivityItem[] | undefined, start: bigint | undefined) =>
          (items ?? []).filter((i) => i.blockNumber >= (start ?? 0n));
        const native =
          nativeSource === 'explorer' && deps.explorer
            ? await explorerItems(deps.explorer, chainId, account, nativeFrom.get(account) ?? 0n, latest)
            : since(scan?.items.get(account), nativeFrom.get(account));
        const transfers = since(logs.items.get(account), logsFrom.get(account));
        const timestamps = new Map(scan?.timestamps ?? []);
        timestamps.set(head.number, Number(head.timestamp));
        const stored = await storeSynced(deps, account, {
          head,
          nativeSource,
          transfers: { from: logsFrom.get(account) ?? 0n, items: transfers, span: logs.span },
          native: { from: nativeFrom.get(account) ?? 0n, items: native },
          timestamps,
        });
        const approvalSeen = logs.logs.some(
          (log) => approvalTopic0s.has(log.topics[0] ?? '0x') && sameAddress(topicAddress(log.topics[1]), account),
        );
        results.set(account, { ...stored, approvalSeen });
      } catch (error) {
        results.set(account, { error: isCairnError(error) ? error : toChainError(error) });
      }
    }),
  );
  return results;
}
