// Cairn in the person's language: see src/locales/README.md.
export { activeLocale, intlLocale } from './activeLocale';
export { CORE_NAMESPACES, NAMESPACES } from './catalogLoader';
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
export {
  formatMessage,
  loadNamespaces,
  type Namespace,
  showLocale,
  t,
  translate,
  withNamespaces,
} from './runtime';
export { useLocale, useT } from './useT';
