// Slippage, in basis points (1 bp = 0.01 %), and what it leaves of a quote: bigint arithmetic only.

/** 0.5 %, as the issue and most swap screens default to. */
export const DEFAULT_SLIPPAGE_BPS = 50n;
/** Above 1 % the person is warned: a sandwich can take all of it. */
export const SLIPPAGE_WARN_ABOVE_BPS = 100n;
/** Above 50 % a swap is a gift, not a trade: refused. */
export const SLIPPAGE_MAX_BPS = 5_000n;
const WHOLE_BPS = 10_000n;

export type SlippageCheck =
  | { kind: 'ok' }
  | { kind: 'zero' }
  | { kind: 'high' }
  | { kind: 'tooHigh'; maxBps: bigint }
  | { kind: 'negative' };

/** What a slippage of `bps` calls for: nothing, a warning (0, or above 1 %), or a refusal. */
export function checkSlippage(bps: bigint): SlippageCheck {
  if (bps < 0n) return { kind: 'negative' };
  if (bps > SLIPPAGE_MAX_BPS) return { kind: 'tooHigh', maxBps: SLIPPAGE_MAX_BPS };
  if (bps === 0n) return { kind: 'zero' };
  if (bps > SLIPPAGE_WARN_ABOVE_BPS) return { kind: 'high' };
  return { kind: 'ok' };
}

/** The least a swap quoted at `quotedOut` may give with `bps` of slippage, rounded down. */
export function minimumOut(quotedOut: bigint, bps: bigint): bigint {
  if (quotedOut < 0n) throw new RangeError('A quote is never negative');
  const check = checkSlippage(bps);
  if (check.kind === 'negative' || check.kind === 'tooHigh') throw new RangeError(`Slippage out of range: ${bps} bp`);
  return (quotedOut * (WHOLE_BPS - bps)) / WHOLE_BPS;
}

/**
 * The least a swap may give when both a quote and a simulation of it are known: the slippage
 * taken off the lower of the two, so a figure too high, the quote's or the simulation's (both are
 * the node's), never raises the minimum above what the other bears out. Without a simulation, the
 * quote's minimum.
 */
export function swapMinimumOut(quotedOut: bigint, simulatedOut: bigint | undefined, bps: bigint): bigint {
  const lower = simulatedOut !== undefined && simulatedOut < quotedOut ? simulatedOut : quotedOut;
  return minimumOut(lower < 0n ? 0n : lower, bps);
}

/**
 * Whether `received` is above `quotedOut` by more than `bps` of it: the quote was low, and a
 * minimum taken from it protects less than the slippage chosen.
 */
export function aboveQuoteBeyondSlippage(quotedOut: bigint, received: bigint, bps: bigint): boolean {
  return received * WHOLE_BPS > quotedOut * (WHOLE_BPS + bps);
}
