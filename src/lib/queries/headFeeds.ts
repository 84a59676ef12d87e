import {
  focusManager,
  hashKey,
  onlineManager,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { ChainHead } from '@/core/chain/chainHead';
import { createHeadFeed, type HeadFeed } from '@/core/chain/headFeed';
import { browserSocket, type OpenHeadSocket, type SocketHead } from '@/core/chain/headSubscription';
import { headSocketUrl, type Network } from '@/core/chain/networks';

/**
 * The newHeads subscription behind a window's head query (chainQueries.ts): one per query cache
 * and network, open while the head query has an observer, the window is visible and the browser
 * online, as the query's own polls run only then (refetchIntervalInBackground: false, and paused
 * offline). A head the socket tells of has the query ask for its block (once: a block the query
 * already has is not asked again); a socket that fails or goes silent has the query poll again.
 */

export type HeadFeedHooks = {
  /**
   * The socket told of a block the query lacks (its number), or was lost: the query should ask
   * now, and again after a read that began before the block and so missed it.
   */
  askNow(noticed?: bigint): void;
};

type FeedEntry = {
  cache: QueryClient;
  queryHash: string;
  feed: HeadFeed;
  observed: boolean;
  closeTimer: ReturnType<typeof setTimeout> | undefined;
};

/** A head query left with no observer keeps its socket this long (a screen giving way to the next). */
export const LINGER_MS = 2_000;

/** Each cache's feeds, and the feeds that focus or the network coming back may open. */
const byCache = new WeakMap<QueryClient, FeedEntry[]>();
const followed = new Set<FeedEntry>();
let opener: OpenHeadSocket | undefined | null = null;

/**
 * Names the WebSocket to open: null for the page's own (the default), undefined for none (the DOM
 * tests' wallet, whose node is a fetch stand-in), or another (tests in Node 20, which has none).
 */
export function setHeadSocketOpener(open: OpenHeadSocket | undefined | null): void {
  opener = open;
}
const openSocket = () => (opener === null ? browserSocket() : opener);

/** Observers of a head that follow every block (not those marked as in the background). */
function workingObservers(query: Query | undefined): number {
  return (query?.observers ?? []).filter((observer) => observer.options.meta?.attention !== 'background').length;
}

/** Whether a head is watched, and only by observers in the background (a fetch with none is someone waiting). */
export function onlyInBackground(query: Query | undefined): boolean {
  return (query?.observers.length ?? 0) > 0 && workingObservers(query) === 0;
}

function reconcile(entry: FeedEntry): void {
  const query = entry.cache.getQueryCache().get(entry.queryHash);
  const observed = workingObservers(query) > 0;
  const shown = focusManager.isFocused() && onlineManager.isOnline();
  const lostLast = entry.observed && !observed;
  entry.observed = observed;
  clearTimeout(entry.closeTimer);
  entry.closeTimer = undefined;
  if (observed) followed.add(entry);
  if (observed && shown) {
    entry.feed.want(true);
  } else if (lostLast && shown) {
    entry.closeTimer = setTimeout(() => reconcile(entry), LINGER_MS);
  } else {
    entry.feed.want(false);
    if (!observed) followed.delete(entry);
  }
}

let watchingManagers = false;
function watch(cache: QueryClient): FeedEntry[] {
  if (!watchingManagers) {
    watchingManagers = true;
    const all = () => {
      for (const entry of followed) reconcile(entry);
    };
    focusManager.subscribe(all);
    onlineManager.subscribe(all);
  }
  let list = byCache.get(cache);
  if (!list) {
    const feeds: FeedEntry[] = [];
    list = feeds;
    byCache.set(cache, feeds);
    cache.getQueryCache().subscribe((event) => {
      if (event.type !== 'observerAdded' && event.type !== 'observerRemoved' && event.type !== 'observerOptionsUpdated')
        return;
      for (const entry of feeds) if (event.query.queryHash === entry.queryHash) reconcile(entry);
    });
  }
  return list;
}

/**
 * The feed for `network`'s head query in `cache` (keyed `queryKey`), or undefined where the node
 * has no WebSocket Cairn knows of (headSocketUrl) or the page has no WebSocket.
 */
export function headFeedFor(
  cache: QueryClient,
  network: Network,
  queryKey: QueryKey,
  hooks: HeadFeedHooks,
): HeadFeed | undefined {
  const url = headSocketUrl(network);
  const open = openSocket();
  if (!url || !open) return undefined;
  const onHead = (head: SocketHead) => {
    const known = cache.getQueryData<ChainHead>(queryKey);
    if (known?.block.number === head.number && known.block.hash === head.hash) return;
    hooks.askNow(head.number);
  };
  const entry: FeedEntry = {
    cache,
    queryHash: hashKey(queryKey),
    observed: false,
    closeTimer: undefined,
    feed: createHeadFeed({ url, chainId: network.chainId, open, onHead, onLost: () => hooks.askNow() }),
  };
  watch(cache).push(entry);
  reconcile(entry);
  return entry.feed;
}
