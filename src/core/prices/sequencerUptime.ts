/**
 * An L2 sequencer uptime feed's latest round (Chainlink's L2 Sequencer Uptime Feeds): `answer` 0
 * while the sequencer is up, 1 while it is down; `startedAt` (unix seconds) when the status last
 * changed (0 only on Arbitrum while the feed is not initialised).
 */
export type UptimeRound = { answer: bigint; startedAt: number };

/**
 * What an uptime round says of an L2's prices. `up`: its feeds may be used. `grace`: up again,
 * but for less than the grace period (its feeds may still be catching up). `down`: its feeds are
 * frozen at the last price. `unknown`: no usable round (not read, not initialised, an answer
 * other than 0 or 1).
 */
export type SequencerVerdict = 'up' | 'grace' | 'down' | 'unknown';

/** Chainlink's example's GRACE_PERIOD_TIME: an hour after the sequencer comes back up. */
export const SEQUENCER_GRACE_SECONDS = 3600;

/**
 * The verdict on an L2's sequencer at `now` (unix seconds: the time of the block the round was
 * read at, so the chain's clock, not the device's), as Chainlink's guidance reads the feed: down
 * on 1; on 0, up only once more than `graceS` seconds have passed since `startedAt` (equal is
 * still in grace, as the example's `timeSinceUp <= GRACE_PERIOD_TIME` reverts); a status changed
 * "in the future" of `now` is in grace too.
 */
export function sequencerVerdict(
  round: UptimeRound | undefined,
  now: number,
  graceS: number = SEQUENCER_GRACE_SECONDS,
): SequencerVerdict {
  if (!round || !(round.startedAt > 0)) return 'unknown';
  if (round.answer === 1n) return 'down';
  if (round.answer !== 0n) return 'unknown';
  return now - round.startedAt > graceS ? 'up' : 'grace';
}
