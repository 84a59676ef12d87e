// The languages Cairn speaks, and which one a person gets.
import { sameWord } from '@/core/text/sameWord';

/** The languages Cairn ships, complete. */
export const LOCALES = ['en', 'de', 'es'] as const;
export type ShippedLocale = (typeof LOCALES)[number];

/**
 * The pseudo-locale: English with every letter accented and lengthened and each message in ⟦ ⟧,
 * so text that does not come from a catalog, or is built by joining pieces, stands out. Chosen
 * only by a browser set to it (as Chromium's `--lang=en-XA`), never offered in Settings.
 */
export const PSEUDO_LOCALE = 'en-XA';

export type Locale = ShippedLocale | typeof PSEUDO_LOCALE;

/** Around each value put into plain text in the pseudo-locale (in elements, values are marked `translate="no"`). */
export const PSEUDO_DATA_OPEN = '⟪';
export const PSEUDO_DATA_CLOSE = '⟫';

/** What the person chose in Settings: a language, or whatever the browser prefers. */
export type LocaleChoice = ShippedLocale | 'browser';

/** Each language's name in itself, as a picker shows it (so anyone can find their own). */
export const LOCALE_NAMES: Readonly<Record<ShippedLocale, string>> = { en: 'English', de: 'Deutsch', es: 'Español' };

export function isLocaleChoice(value: unknown): value is LocaleChoice {
  return value === 'browser' || (LOCALES as readonly unknown[]).includes(value);
}

/**
 * The first of the browser's languages Cairn speaks (by language, so de-AT gets German), or
 * English. The pseudo-locale only when the browser's first language is exactly it.
 */
export function localeFromBrowser(languages: readonly string[]): Locale {
  if (sameWord(languages[0], PSEUDO_LOCALE)) return PSEUDO_LOCALE;
  for (const tag of languages) {
    const language = tag.toLowerCase().split('-')[0];
    const match = LOCALES.find((locale) => locale === language);
    if (match) return match;
  }
  return 'en';
}

/** The language whose catalogs a locale reads: the pseudo-locale is made from English. */
export function catalogSource(locale: Locale): ShippedLocale {
  return locale === PSEUDO_LOCALE ? 'en' : locale;
}

/** The locale a choice means in this browser. */
export function resolveLocale(choice: LocaleChoice | undefined, languages: readonly string[]): Locale {
  return choice === undefined || choice === 'browser' ? localeFromBrowser(languages) : choice;
}

/** The tag Intl formatters take for a locale: the pseudo-locale formats numbers and dates as English does. */
export function intlTag(locale: Locale): string {
  return locale === PSEUDO_LOCALE ? 'en' : locale;
}
