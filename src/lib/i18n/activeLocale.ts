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

/** Counts the changes of what messages can be shown: a language, or catalogs that came after the first screen. */
let wordsVersion = 0;

export function setActiveLocale(locale: Locale): void {
  if (locale === active) return;
  active = locale;
  wordsArrived();
}

/** For useSyncExternalStore: changes with the language and with catalogs loaded after the first screen. */
export function shownWords(): number {
  return wordsVersion;
}

/** Catalogs the page showed without came in: what was shown meanwhile is shown again. */
export function wordsArrived(): void {
  wordsVersion++;
  for (const listener of [...listeners]) listener();
}

/** For useSyncExternalStore: called after each change of language or of the words shown. */
export function subscribeToLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
