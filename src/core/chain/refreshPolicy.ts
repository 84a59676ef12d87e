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
 * How often a background network's head is asked, at most: only to notice a node gone or
 * answering for another chain, since its figures' own read (one aggregate3, every pace) tells
 * their block. Rounded up to a whole number of the network's paces: backgroundHeadPollMs.
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

/**
 * How often a background network's head is asked: every so many of its paces (at least
 * BACKGROUND_HEAD_POLL_MS), so that each ask falls on one of the network's ticks (untilTick).
 */
export function backgroundHeadPollMs(network: Network): number {
  const pollMs = paceOf(network, 'background').pollMs;
  return pollMs * Math.ceil(BACKGROUND_HEAD_POLL_MS / pollMs);
}

/**
 * Where this window's ticks fall within each period: drawn once, so that every reader in the window
 * shares its ticks (and its batches), while windows of other people, which may share a public
 * node, do not all ask it in the same second.
 */
export const TICK_PHASE_MS = Math.floor(Math.random() * BACKGROUND_POLL_MS);

/**
 * How long until a network's next background tick: the next whole multiple of `periodMs` since
 * the epoch, moved on by the window's phase. Everything a background network is asked (its
 * figures, its head, the history pass of a new head) waits for a tick, so that what falls due
 * together goes in one batch (one HTTP request) rather than one each at times of its own. A tick
 * less than half a period after `lastAt` (an ask on focus) is skipped: the next one comes instead.
 */
export function untilTick(periodMs: number, now: number, lastAt = 0, phaseMs = TICK_PHASE_MS): number {
  const period = Math.max(periodMs, 1);
  let tick = (Math.floor((now - phaseMs) / period) + 1) * period + phaseMs;
  if (tick - lastAt < period / 2) tick += period;
  return tick - now;
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
