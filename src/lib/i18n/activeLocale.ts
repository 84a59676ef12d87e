// The language shown now, for formatters outside React (a component reads it with useLocale).
import { installedI18n } from './installed';
import { intlTag, type Locale } from './locales';

/** The language Cairn shows now ('en' until the page has chosen). */
export function activeLocale(): Locale {
  return installedI18n().activeLocale();
}

/** The tag Intl formatters take: the pseudo-locale formats numbers and dates as English does. */
export function intlLocale(locale: Locale = activeLocale()): string {
  return intlTag(locale);
}
