import { type QueryClient, queryOptions, timeoutManager } from '@tanstack/react-query';
import { nativeSourceFor } from '@/core/activity/activityStore';
import { type ChainHead, type HeadBlock, readChainHead } from '@/core/chain/chainHead';
import { chainClient } from '@/core/chain/client';
import type { HeadFeed } from '@/core/chain/headFeed';
import { type HeadPace, NO_PACE, nextAskIn, paceOnAnotherNode, sawHead } from '@/core/chain/headPace';
import { headPollIntervalMs, headSocketUrl, type Network } from '@/core/chain/networks';
import { backgroundHeadPollMs, untilTick } from '@/core/chain/refreshPolicy';
import { headFeedFor, onlyInBackground } from './headFeeds';

/** Query keys for chain data. Every key starts with the network and its RPC URLs, so editing a
 * network's URLs never serves data read from the old node. */
export const chainKeys = {
  network: (network: Network) => ['chain', network.id, network.chainId, network.rpcUrls.join(' ')] as const,
  // With the WebSocket URL: a new one is a new head query, and the old one's socket closes with
  // its last observer (headFeeds.ts).
  head: (network: Network) => [...chainKeys.network(network), 'head', headSocketUrl(network) ?? ''] as const,
};

/** While the node fails, poll less and less often (up to every 30 s); the UI offers a retry. */
export function headRefetchInterval(network: Network, consecutiveFailures: number): number {
  const base = headPollIntervalMs(network);
  return consecutiveFailures === 0 ? base : Math.min(base * 2 ** consecutiveFailures, 30_000);
}

/**
 * A node's head asks for one query cache: their pace, when the next is due, what the last found,
 * and the node's newHeads subscription where it has one (headFeeds.ts).
 */
type Asks = {
  pace: HeadPace;
  nextAt: number;
  askedAt: number;
  head: ChainHead | undefined;
  feed: HeadFeed | undefined;
  /** The highest block the socket told of since the last read. */
  noticed: bigint | undefined;
  /** Asks for the head at the earliest time a poll could (the socket told of a block, or was lost). */
  askSoon(noticed?: bigint): void;
};
const asksByCache = new WeakMap<QueryClient, Map<string, Asks>>();
const asksKey = (network: Network) => chainKeys.head(network).join('|');

/**
 * The pace each chain's head came at, as the last read in `cache` found it, by network and chain
 * id: a head query for new RPC URLs (another node of the same chain) starts from it, rather than
 * asking at the network's block time until it has learnt the pace again.
 */
const pacesByCache = new WeakMap<QueryClient, Map<string, HeadPace>>();
const chainOf = (network: Network) => `${network.id}|${network.chainId}`;
function chainPaces(cache: QueryClient): Map<string, HeadPace> {
  let paces = pacesByCache.get(cache);
  if (!paces) {
    paces = new Map();
    pacesByCache.set(cache, paces);
  }
  return paces;
}

function asksOf(cache: QueryClient, network: Network): Asks {
  let byNode = asksByCache.get(cache);
  if (!byNode) {
    byNode = new Map();
    asksByCache.set(cache, byNode);
  }
  let entry = byNode.get(asksKey(network));
  if (!entry) {
    const queryKey = chainKeys.head(network);
    // On TanStack's timers, as the query's own polls are (tests script them alike).
    let later: ReturnType<typeof timeoutManager.setTimeout> | undefined;
    const ask = () => {
      later = undefined;
      asks.nextAt = 0;
      void cache.refetchQueries({ queryKey, exact: true, type: 'active' }, { cancelRefetch: false });
    };
    const learnt = chainPaces(cache).get(chainOf(network));
    const asks: Asks = {
      pace: learnt ? paceOnAnotherNode(learnt) : NO_PACE,
      nextAt: 0,
      askedAt: 0,
      head: undefined,
      feed: undefined,
      noticed: undefined,
      // A head the socket told of, or a socket lost: ask now, not at the poll's time; but never
      // more often than polling would (a fast chain's every block, or a socket that chatters,
      // would cost more than polls): one ask at the earliest time a poll could come.
      askSoon(noticed) {
        if (noticed !== undefined && (asks.noticed === undefined || noticed > asks.noticed)) asks.noticed = noticed;
        if (later) return;
        const wait = asks.askedAt + headPollIntervalMs(network) - Date.now();
        if (wait <= 0) ask();
        else later = timeoutManager.setTimeout(ask, wait);
      },
    };
    byNode.set(asksKey(network), asks);
    asks.feed = headFeedFor(cache, network, queryKey, { askNow: asks.askSoon });
    entry = asks;
  }
  return entry;
}

/** The newHeads subscription `cache`'s head query for `network` follows, where the node has one. */
export function headFeedOf(cache: QueryClient, network: Network): HeadFeed | undefined {
  return asksOf(cache, network).feed;
}

/** Whether the head is followed by a live socket that has told of every block the reads found. */
const following = (feed: HeadFeed | undefined): boolean => !!feed?.live && !feed.behind;

/** A poll this close to its time asks the node; sooner, it gives what the last ask found. */
const EARLY_MS = 150;

/** Whether the last answer is still the head: asked too early, or a live socket told of nothing newer. */
function lastStillHolds(entry: Asks, network: Network): boolean {
  const now = Date.now();
  if (now < entry.nextAt - EARLY_MS) return true;
  return following(entry.feed) && now < entry.askedAt + headWatchdogMs(network) - EARLY_MS;
}

async function askHead(cache: QueryClient, entry: Asks, network: Network): Promise<ChainHead> {
  // Every reader's poll shares this query; one that comes early (a screen just shown) gets the
  // last answer rather than an ask of its own.
  if (entry.head && lastStillHolds(entry, network)) return entry.head;
  try {
    // The blocks' own transactions where history is read from blocks (the local chain's scan).
    const withTransactions = nativeSourceFor(network, false) === 'scan';
    // Watched only in the background, it is asked with the figures and history due at the same tick.
    const query = cache.getQueryCache().find({ queryKey: chainKeys.head(network), exact: true });
    const client = chainClient(network, onlyInBackground(query) ? 'background' : 'prompt');
    const head = await readChainHead(client, network, { withTransactions });
    const now = Date.now();
    entry.askedAt = now;
    entry.pace = sawHead(entry.pace, head.block, now);
    chainPaces(cache).set(chainOf(network), entry.pace);
    entry.nextAt = now + nextAskIn(entry.pace, network.blockTimeMs, now);
    entry.head = head;
    entry.feed?.polled(head.blockNumber);
    // A block told of while this read was on its way, which the read began too early to see (or
    // that the HTTP node does not have yet): asked once more; a node that stays behind, or a
    // chain that went back, costs no more than that until the socket tells of another block.
    const missed = entry.noticed !== undefined && head.blockNumber < entry.noticed;
    entry.noticed = undefined;
    if (missed) entry.askSoon();
    return head;
  } catch (error) {
    entry.head = undefined;
    throw error;
  }
}

/**
 * With the node's newHeads subscription live, the head is asked when the socket tells of a block,
 * and polled only this often, as a watchdog (a socket may die without a word; headFeed.ts).
 */
export function headWatchdogMs(network: Network): number {
  return Math.max(WATCHDOG_MS, network.blockTimeMs * 2);
}
const WATCHDOG_MS = 30_000;

/**
 * The network's head: one query that every reader of the chain follows (its block shared by all).
 * Where the node offers a WebSocket (headSocketUrl), it is asked when the node tells of a new
 * block, and polled only as a watchdog (headWatchdogMs); else, and whenever the socket is not
 * live, it is asked when the next block should be there (headPace: kept per query cache, so a poll
 * that comes early gets the last answer; the chain's pace carries over to new RPC URLs). Its
 * block's transactions come with it on the local chain, whose history is read from blocks. The
 * chain id is asked only when the connection is new (readChainHead; the socket checks its own
 * when it connects).
 */
export function chainHeadQuery(cache: QueryClient, network: Network) {
  const entry = asksOf(cache, network);
  return queryOptions({
    queryKey: chainKeys.head(network),
    queryFn: () => askHead(cache, entry, network),
    refetchInterval: (query) => {
      if (query.state.status === 'error') return headRefetchInterval(network, query.state.fetchFailureCount);
      if (following(entry.feed)) return headWatchdogMs(network);
      return Math.max(EARLY_MS, entry.nextAt - Date.now());
    },
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
}

/** Marks a head observer that follows its network in the background: it opens no socket (headFeeds). */
export const BACKGROUND_HEAD_OBSERVER = { attention: 'background' } as const;

/** How a background observer follows a head: its poll (backgroundHeadPollMs unless told), and on focus. */
export type BackgroundHeadPace = {
  /** A list that shows this network's new items polls at its background pace (paceOf), no faster. */
  pollMs?: number;
  /** Asks when the window gets focus again (the head answers from the last ask while no block is due). */
  onFocus?: boolean;
};

/**
 * The head for a network followed in the background (refreshPolicy): the same query every reader
 * shares, asked by this observer only every backgroundHeadPollMs (or its `pollMs`), on the
 * network's ticks (untilTick), with no newHeads socket opened for it; a working observer elsewhere
 * keeps its own, faster pace.
 */
export function backgroundHeadQuery(cache: QueryClient, network: Network, pace: BackgroundHeadPace = {}) {
  const pollMs = pace.pollMs ?? backgroundHeadPollMs(network);
  return queryOptions({
    ...chainHeadQuery(cache, network),
    meta: BACKGROUND_HEAD_OBSERVER,
    refetchInterval: (query) =>
      query.state.status === 'error'
        ? headRefetchInterval(network, query.state.fetchFailureCount)
        : untilTick(pollMs, Date.now(), query.state.dataUpdatedAt),
    // A node that failed is asked again at its back-off, not at every focus.
    refetchOnWindowFocus: (query: { state: { status: string } }) =>
      pace.onFocus && query.state.status !== 'error' ? ('always' as const) : false,
  });
}

/**
 * The head `cache` holds for `network` while it can stand for the chain now: read within one block
 * time, or followed since by a live newHeads subscription that told of nothing newer. Undefined for
 * a failed, paused or old read (a window that was hidden): a reader then asks the node itself.
 */
export function currentHead(cache: QueryClient, network: Network): ChainHead | undefined {
  const state = cache.getQueryState<ChainHead>(chainKeys.head(network));
  if (state?.status !== 'success' || state.data === undefined) return undefined;
  const feed = asksByCache.get(cache)?.get(asksKey(network))?.feed;
  const followed = following(feed);
  return followed || Date.now() - state.dataUpdatedAt <= network.blockTimeMs ? state.data : undefined;
}

/**
 * The shared head's latest block for preparing a send in this window: the last one read, or the
 * read under way (chainHeadQuery asks the node only when a block is due), so the send's reads do
 * not ask for the block again; undefined when the head cannot be read (then the send reads it).
 */
export function headForSend(cache: QueryClient, network: Network): Promise<HeadBlock | undefined> {
  return cache.fetchQuery(chainHeadQuery(cache, network)).then(
    (head) => (head.status === 'ok' ? head.block : undefined),
    () => undefined,
  );
}
