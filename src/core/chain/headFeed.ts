import { ChainError } from '../errors/chain';
import { msg } from '../i18n/message';
import { type HeadSubscription, type OpenHeadSocket, type SocketHead, subscribeHeads } from './headSubscription';

/**
 * Keeps one newHeads subscription open while it is wanted, and says whether it can be trusted to
 * tell of every block (`live` and not `behind`): then the head follower polls only as a watchdog.
 * A socket that fails is tried again later, and later again after each failure (retryDelayMs), so
 * a node that offers no WebSocket sees a handful of attempts, then one every few minutes. A socket
 * that says nothing while the node's blocks go on (a connection dead without a close) is taken as
 * failed once two HTTP reads in a row found blocks it did not tell of.
 */

/** The wait before the first retry after a failure; it doubles with each failure after it. */
export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 300_000;
/** A connection live this long counts as working: a failure after it retries as the first did. */
export const STABLE_MS = 60_000;
/** HTTP reads in a row that found a block the socket did not tell of, before it counts as failed. */
export const STALE_MISSES = 2;

export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
}

export type HeadFeedOptions = {
  url: string;
  chainId: number;
  open: OpenHeadSocket;
  /** A new head the socket told of. */
  onHead(head: SocketHead): void;
  /** The socket failed or went silent after it was live: poll again (not called on want(false)). */
  onLost(error: ChainError): void;
};

export type HeadFeed = {
  /** The subscription is open, its chain id checked. */
  readonly live: boolean;
  /**
   * Whether the socket told of a block no HTTP read has found yet, or an HTTP read found one the
   * socket has not told of: until they agree, the head is polled at its usual pace.
   */
  readonly behind: boolean;
  /** Keep the subscription open (reopened after failures, at retryDelayMs), or close it. */
  want(wanted: boolean): void;
  /** An HTTP read found `number` as the node's head. */
  polled(number: bigint): void;
};

export function createHeadFeed(options: HeadFeedOptions): HeadFeed {
  const { url, chainId, open } = options;
  let wanted = false;
  let subscription: HeadSubscription | undefined;
  let live = false;
  let liveSince = 0;
  let failures = 0;
  let retryAt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The highest head the socket told of, and the last an HTTP read found, since it went live. */
  let told: bigint | undefined;
  let read: bigint | undefined;
  let misses = 0;

  const stopRetry = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  };

  const lost = (error: ChainError) => {
    subscription = undefined;
    const wasLive = live;
    live = false;
    failures = wasLive && Date.now() - liveSince >= STABLE_MS ? 1 : failures + 1;
    retryAt = Date.now() + retryDelayMs(failures);
    if (wanted) retryTimer = setTimeout(connect, retryDelayMs(failures));
    if (wasLive) options.onLost(error);
  };

  function connect(): void {
    stopRetry();
    if (!wanted || subscription) return;
    subscription = subscribeHeads(
      url,
      chainId,
      {
        live() {
          live = true;
          liveSince = Date.now();
          told = read = undefined;
          misses = 0;
        },
        head(head) {
          if (told === undefined || head.number > told) told = head.number;
          misses = 0;
          options.onHead(head);
        },
        ended: lost,
      },
      open,
    );
  }

  return {
    get live() {
      return live;
    },
    get behind() {
      // Until an HTTP read since it went live, a block mined while it subscribed may be untold.
      return misses > 0 || read === undefined || (told !== undefined && told > read);
    },
    want(next) {
      if (next === wanted) return;
      wanted = next;
      if (next) {
        const wait = retryAt - Date.now();
        if (wait > 0) retryTimer = setTimeout(connect, wait);
        else connect();
        return;
      }
      stopRetry();
      subscription?.close();
      subscription = undefined;
      live = false;
    },
    polled(number) {
      if (!live) return;
      // The first read after going live is where the socket starts from; a later one that finds a
      // block newer than the last read and than any the socket told of is a block it missed.
      const missed = read !== undefined && number > read && (told === undefined || number > told);
      read = number;
      if (!missed) return;
      misses++;
      if (misses < STALE_MISSES) return;
      subscription?.close();
      lost(new ChainError('CHAIN_TIMEOUT', msg('core.chain:node.timeout'), { rpcUrl: url }));
    },
  };
}
