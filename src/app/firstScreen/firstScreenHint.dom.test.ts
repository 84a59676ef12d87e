import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN_HINT_KEY, UNLOCKED_HINT_MS } from '@/core/build/firstScreenScript';
import type { VaultStatus } from '@/core/vault/vaultState';
import type { Locale } from '@/lib/i18n';
import { firstScreenHint, keepFirstScreenHint } from './firstScreenHint';

describe('firstScreenHint', () => {
  it.each([
    ['empty', 'de', { screen: 'setup', locale: 'de' }],
    ['locked', 'es', { screen: 'unlock', locale: 'es' }],
    ['unlocked', 'en', { screen: 'unlock', locale: 'en', until: 1_000 + UNLOCKED_HINT_MS }],
    ['damaged', 'en', { screen: 'none' }],
    ['newer', 'en', { screen: 'none' }],
    ['locked', 'en-XA', { screen: 'none' }],
  ] as const)('a %s vault in %s opens the next page on %j', (status, locale, hint) => {
    expect(firstScreenHint(status, locale, 1_000)).toEqual(hint);
  });

  it('says nothing while the vault is still being read', () => {
    expect(firstScreenHint('loading', 'en')).toBeUndefined();
  });
});

/** A store of one value with listeners, as the vault's and the language's are. */
function source<T>(value: T) {
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

describe('keepFirstScreenHint', () => {
  afterEach(() => localStorage.clear());
  const stored = () => JSON.parse(localStorage.getItem(FIRST_SCREEN_HINT_KEY) ?? 'null');

  it('writes the hint at once and follows the vault and the language until stopped', () => {
    const status = source<VaultStatus>('empty');
    const locale = source<Locale>('en');
    const stop = keepFirstScreenHint(
      { getState: () => ({ status: status.get() }), subscribe: status.subscribe },
      { activeLocale: locale.get, subscribe: locale.subscribe },
    );
    expect(stored()).toEqual({ screen: 'setup', locale: 'en' });
    status.set('unlocked');
    expect(stored()).toMatchObject({ screen: 'unlock', locale: 'en' });
    locale.set('de');
    expect(stored()).toMatchObject({ screen: 'unlock', locale: 'de' });
    status.set('locked');
    expect(stored()).toEqual({ screen: 'unlock', locale: 'de' });
    stop();
    locale.set('es');
    expect(stored()).toEqual({ screen: 'unlock', locale: 'de' });
  });

  it('says again, while unlocked, that a session is open, and stops once stopped', () => {
    vi.useFakeTimers({ now: 50_000 });
    try {
      const status = source<VaultStatus>('unlocked');
      const locale = source<Locale>('en');
      const stop = keepFirstScreenHint(
        { getState: () => ({ status: status.get() }), subscribe: status.subscribe },
        { activeLocale: locale.get, subscribe: locale.subscribe },
      );
      expect(stored().until).toBe(50_000 + UNLOCKED_HINT_MS);
      // Another change of the vault's (its accounts) leaves the hint as it was: only the timer renews it.
      vi.advanceTimersByTime(1_000);
      status.set('unlocked');
      expect(stored().until).toBe(50_000 + UNLOCKED_HINT_MS);
      vi.advanceTimersByTime(UNLOCKED_HINT_MS / 3 - 1_000);
      expect(stored().until).toBe(50_000 + (UNLOCKED_HINT_MS * 4) / 3);
      stop();
      vi.advanceTimersByTime(UNLOCKED_HINT_MS);
      expect(stored().until).toBe(50_000 + (UNLOCKED_HINT_MS * 4) / 3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the last hint while the vault is being read again', () => {
    const status = source<VaultStatus>('locked');
    const locale = source<Locale>('es');
    const stop = keepFirstScreenHint(
      { getState: () => ({ status: status.get() }), subscribe: status.subscribe },
      { activeLocale: locale.get, subscribe: locale.subscribe },
    );
    status.set('loading');
    expect(stored()).toEqual({ screen: 'unlock', locale: 'es' });
    stop();
  });
});
