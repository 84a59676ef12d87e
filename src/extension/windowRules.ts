// When the background may open Cairn's window by itself for a site (links.ts): only for a request
// the person made with a click, and not while the site's tab is held back after windows it opened
// went unanswered. Otherwise the request waits for the person's click on the toolbar button.

/**
 * After a window of a site ended with its requests unanswered (closed by the person, its page gone,
 * or never ready), how long before a window opens by itself again for that site in that tab; each
 * such end in a row doubles it, up to BACKOFF_MAX_MS.
 */
export const REOPEN_MS = 3_000;
export const BACKOFF_MAX_MS = 60_000;

/** What a site's request does when no window is open or opening for it. */
export type Arrival =
  /** Cairn's window opens for it. */
  | 'open'
  /** It waits, shown on the toolbar button, until the person clicks it (or asks again with a click, once not held back). */
  | 'queue'
  /** Refused as the person's refusal (4001): they closed this site's window on a request a moment ago. */
  | 'closed';

type Hold = { strikes: number; endedAt: number; until: number; byPerson: boolean };

/** How a site's link with a window ended. */
export type LinkEnd = {
  /** Every request the window was given was answered (and its page was ready). */
  answered: boolean;
  /** The person closed the window. */
  byPerson: boolean;
};

/** The holds per site and tab (`key`), and the decision for each request that comes with no window. */
export function createWindowRules(now: () => number) {
  const holds = new Map<string, Hold>();

  /** A link of `key` that had a window ended. */
  function ended(key: string, { answered, byPerson }: LinkEnd): void {
    const at = now();
    // A hold is remembered for BACKOFF_MAX_MS past its end, so that ends in a row keep doubling it.
    for (const [other, hold] of holds) if (at >= hold.until + BACKOFF_MAX_MS) holds.delete(other);
    if (answered) {
      holds.delete(key);
      return;
    }
    const strikes = (holds.get(key)?.strikes ?? 0) + 1;
    const wait = Math.min(REOPEN_MS * 2 ** (strikes - 1), BACKOFF_MAX_MS);
    holds.set(key, { strikes, endedAt: at, until: at + wait, byPerson });
  }

  /** What a request of `key` does, made under the person's click (`activated`) or not. */
  function arrival(key: string, activated: boolean): Arrival {
    const hold = holds.get(key);
    const at = now();
    if (hold?.byPerson && at - hold.endedAt < REOPEN_MS) return 'closed';
    if (!activated || (hold && at < hold.until)) return 'queue';
    return 'open';
  }

  return { ended, arrival };
}
