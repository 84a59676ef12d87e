// Cairn in the person's language: see src/locales/README.md.

export type { MessageValues, Namespace } from '@/core/i18n/message';
export { activeLocale, intlLocale } from './activeLocale';
export { CORE_NAMESPACES, NAMESPACES } from './catalogLoader';
export { type Catalogs, catalogsOf } from './catalogs';
export { I18nProvider, useI18n } from './context';
export { amountText } from './dataText';
export { installedI18n, installI18n, t, translate, withNamespaces } from './installed';
export { createI18n } from './instance';
export {
  isLocaleChoice,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  type LocaleChoice,
  localeFromBrowser,
  PSEUDO_LOCALE,
  resolveLocale,
  type ShippedLocale,
} from './locales';
export {
  amountInputText,
  decimalFormat,
  decimalHint,
  useDecimalInput,
} from './numberInput';
export { type DataValue, splitPlaceholders } from './placeholders';
export type { I18n } from './runtime';
export { useLocale, useT } from './useT';
