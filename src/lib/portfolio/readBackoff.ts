import { isRateLimited } from '@/core/assets/networkPortfolio';
import { rateLimitWaitMs, untilTick } from '@/core/chain/refreshPolicy';

/** A query's state as the back-off reads it (TanStack's). */
export type ReadState = { error: unknown; errorUpdatedAt: number; dataUpdatedAt: number };

/** Whether the query's node refuses reads as too many now: focus then waits for the back-off. */
export const refusingNow = (state: ReadState): boolean =>
  isRateLimited(state.error) && state.errorUpdatedAt > state.dataUpdatedAt;

/**
 * Refusals in a row per query: TanStack starts its failure count again at each fetch, so the
 * reads a node refused as too many are counted here, each failed read once (by its time).
 */
const refusals = new Map<string, { count: number; at: number }>();

/**
 * When a background network's figures are read next: at its next tick of `pollMs` (untilTick:
 * with its head and history when those are due), or later and later while its node refuses them
 * as too many (rateLimitWaitMs), until a read succeeds.
 */
export function nextReadMs(queryHash: string, state: ReadState, pollMs: number, now = Date.now()): number {
  if (!refusingNow(state)) {
    refusals.delete(queryHash);
    return untilTick(pollMs, now, state.dataUpdatedAt);
  }
  const known = refusals.get(queryHash);
  const count = known?.at === state.errorUpdatedAt ? known.count : (known?.count ?? 0) + 1;
  refusals.set(queryHash, { count, at: state.errorUpdatedAt });
  return rateLimitWaitMs(pollMs, count);
}
