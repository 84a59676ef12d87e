// The language shown now, readable by any formatter without importing the catalogs' runtime.
import type { Locale } from './locales';

let active: Locale = 'en';
const listeners = new Set<() => void>();

/** The language Cairn shows now ('en' until the page has chosen). */
export function activeLocale(): Locale {
  return active;
}

/** The tag Intl formatters take: the pseudo-locale formats numbers and dates as English does. */
export function intlLocale(locale: Locale = active): string {
  return locale === 'en-XA' ? 'en' : locale;
}

export function setActiveLocale(locale: Locale): void {
  if (locale === active) return;
  active = locale;
  for (const listener of [...listeners]) listener();
}

/** For useSyncExternalStore: called after each change of language. */
export function subscribeToLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
