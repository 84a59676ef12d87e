import { headPollIntervalMs, headSocketUrl, type Network } from './networks';

/**
 * How closely a network is followed. `working`: a screen is working on it (Send, Swap or Receive's
 * network, a transaction's page, a view filtered to it, a network with a transaction watched), so
 * every block counts. `background`: it is only part of the totals and lists.
 */
export type Attention = 'working' | 'background';

/** How a network's head is followed: the poll's period, and whether a newHeads socket is opened. */
export type Pace = { pollMs: number; socket: boolean };

/**
 * The slowest a background network is polled at least (Ethereum's slot): an L2 with 0.25 s blocks
 * followed at its own pace would make 14,400 requests an hour for figures nobody is looking at.
 */
export const BACKGROUND_POLL_MS = 12_000;

/**
 * How often a background network's head is asked: only to notice a node gone or answering for
 * another chain, since its figures' own read (one aggregate3, every pace) tells their block.
 */
export const BACKGROUND_HEAD_POLL_MS = 60_000;

/** The longest a rate-limited network waits before it is asked again. */
export const RATE_LIMIT_MAX_WAIT_MS = 5 * 60_000;

/**
 * The pace a network is followed at. Working: as every head is followed today (about once a block,
 * headPollIntervalMs) with the node's newHeads socket where one is known (headSocketUrl).
 * Background: once per block, but never more often than every 12 s, and with no socket (newHeads
 * of a fast L2 brings several messages a second).
 */
export function paceOf(network: Network, attention: Attention): Pace {
  if (attention === 'working') {
    return { pollMs: headPollIntervalMs(network), socket: headSocketUrl(network) !== undefined };
  }
  return { pollMs: Math.max(network.blockTimeMs, BACKGROUND_POLL_MS), socket: false };
}

/** The faster of two paces (several observers of one head: the most attentive one sets it). */
export function fasterPace(a: Pace, b: Pace): Pace {
  return { pollMs: Math.min(a.pollMs, b.pollMs), socket: a.socket || b.socket };
}

/**
 * How long to wait before asking a network again after `refusals` answers in a row that said
 * "too many requests" (HTTP 429, or the node's rate-limit error): the pace's period, doubled at
 * each refusal, up to 5 minutes. 0 refusals: the pace itself.
 */
export function rateLimitWaitMs(pollMs: number, refusals: number): number {
  let wait = Math.max(pollMs, 1);
  for (let i = 0; i < refusals && wait < RATE_LIMIT_MAX_WAIT_MS; i++) wait *= 2;
  return Math.min(wait, RATE_LIMIT_MAX_WAIT_MS);
}

/**
 * When a background network's figures are read next: at its pace, or, after reads in a row that
 * the node refused as too many (`refusals`), later and later (rateLimitWaitMs), per network.
 */
export function nextBackgroundReadMs(pollMs: number, refusals: number): number {
  return refusals > 0 ? rateLimitWaitMs(pollMs, refusals) : pollMs;
}

/** A network's rate limit as its status shows it: refusals in a row, and when it is asked again. */
export type RateLimit = { refusals: number; nextTryAt: number };

/**
 * The rate limit after one more refusal at `now` (ms): the next try waits twice as long as the
 * last (see rateLimitWaitMs). Any other answer ends it (the caller drops it: back to the pace).
 */
export function refusedAgain(previous: RateLimit | undefined, pollMs: number, now: number): RateLimit {
  const refusals = (previous?.refusals ?? 0) + 1;
  return { refusals, nextTryAt: now + rateLimitWaitMs(pollMs, refusals) };
}
