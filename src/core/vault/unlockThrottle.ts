/** Wrong passwords allowed before Cairn makes the next try wait. */
export const FREE_UNLOCK_ATTEMPTS = 5;
const FIRST_DELAY_MS = 5_000;
const MAX_DELAY_MS = 10 * 60_000;

/** How long to wait after `failures` consecutive wrong passwords: 0 for the first five, then 5 s, 10 s, 20 s … up to 10 min. */
export function unlockDelayMs(failures: number): number {
  if (failures < FREE_UNLOCK_ATTEMPTS) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_UNLOCK_ATTEMPTS), MAX_DELAY_MS);
}

export type ThrottleState = { failures: number; lastFailureAt: number };

/** When the next try is allowed (ms since epoch); at or before `now` means now. */
export function nextAttemptAt(state: ThrottleState): number {
  return state.lastFailureAt + unlockDelayMs(state.failures);
}
