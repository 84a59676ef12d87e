// When the background may open Cairn's window by itself (windowRules.ts): with the person's click,
// and not while a site's tab is held back after windows that went unanswered.
import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, createWindowRules, REOPEN_MS } from './windowRules';

const KEY = '1 https://app.example';
const UNANSWERED = { answered: false, byPerson: false };

function setup() {
  let clock = 1_000_000;
  const rules = createWindowRules(() => clock);
  return {
    rules,
    wait: (ms: number) => {
      clock += ms;
    },
  };
}

describe('a request with no window open for its site', () => {
  it('opens one only with the person’s click; without, it waits on the toolbar button', () => {
    const { rules } = setup();
    expect(rules.arrival(KEY, true)).toBe('open');
    expect(rules.arrival(KEY, false)).toBe('queue');
  });

  it('waits after a window that went unanswered, for REOPEN_MS, then opens with a click again', () => {
    const { rules, wait } = setup();
    rules.ended(KEY, UNANSWERED);
    expect(rules.arrival(KEY, true)).toBe('queue');
    wait(REOPEN_MS - 1);
    expect(rules.arrival(KEY, true)).toBe('queue');
    wait(1);
    expect(rules.arrival(KEY, true)).toBe('open');
    expect(rules.arrival(KEY, false)).toBe('queue');
  });

  it('waits twice as long after each unanswered window in a row, up to BACKOFF_MAX_MS', () => {
    const { rules, wait } = setup();
    const holds: number[] = [];
    for (let round = 0; round < 7; round++) {
      rules.ended(KEY, UNANSWERED);
      let held = 0;
      while (rules.arrival(KEY, true) === 'queue') {
        wait(500);
        held += 500;
      }
      holds.push(held);
    }
    expect(holds).toEqual([3_000, 6_000, 12_000, 24_000, 48_000, BACKOFF_MAX_MS, BACKOFF_MAX_MS]);
  });

  it('holds nothing back after a window whose requests were all answered, and starts over', () => {
    const { rules, wait } = setup();
    rules.ended(KEY, UNANSWERED);
    rules.ended(KEY, UNANSWERED);
    rules.ended(KEY, { answered: true, byPerson: true });
    expect(rules.arrival(KEY, true)).toBe('open');
    rules.ended(KEY, UNANSWERED);
    wait(REOPEN_MS);
    expect(rules.arrival(KEY, true)).toBe('open');
  });

  it('forgets a site’s unanswered windows BACKOFF_MAX_MS after its hold ended', () => {
    const { rules, wait } = setup();
    rules.ended(KEY, UNANSWERED);
    wait(REOPEN_MS + BACKOFF_MAX_MS);
    rules.ended('2 https://other.example', UNANSWERED);
    rules.ended(KEY, UNANSWERED);
    wait(REOPEN_MS);
    expect(rules.arrival(KEY, true)).toBe('open');
  });

  it('refuses as closed, for REOPEN_MS, a site whose window the person just closed on a request; then waits out the hold', () => {
    const { rules, wait } = setup();
    rules.ended(KEY, UNANSWERED);
    wait(REOPEN_MS);
    rules.ended(KEY, { answered: false, byPerson: true });
    expect(rules.arrival(KEY, true)).toBe('closed');
    expect(rules.arrival(KEY, false)).toBe('closed');
    wait(REOPEN_MS);
    // The second unanswered window in a row: held 6 s in all.
    expect(rules.arrival(KEY, true)).toBe('queue');
    wait(REOPEN_MS);
    expect(rules.arrival(KEY, true)).toBe('open');
  });

  it('holds back only the site and tab whose window went unanswered', () => {
    const { rules } = setup();
    rules.ended(KEY, { answered: false, byPerson: true });
    expect(rules.arrival('2 https://app.example', true)).toBe('open');
    expect(rules.arrival('1 https://other.example', true)).toBe('open');
  });
});
