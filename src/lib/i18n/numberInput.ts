// Numbers a person types, in the one format of the language shown (see core/tx/amount.ts).
import { formatUnits } from 'viem';
import { type DecimalFormat, typedNumber } from '@/core/tx/amount';
import { activeLocale, intlLocale } from './activeLocale';
import { decimalFormatOf } from './format';
import { t } from './installed';
import type { Locale } from './locales';
import { useLocale } from './useT';

/** The decimal and grouping separators of a language, as Intl writes 1234.5 in it. */
export function decimalFormat(locale?: Locale): DecimalFormat {
  return decimalFormatOf(intlLocale(locale));
}

/**
 * An amount as it is typed into a field (no grouping, the language's decimal separator), e.g. for
 * a value another screen or a file fills in (machine numbers, in base units).
 */
export function amountInputText(value: bigint, decimals: number, locale?: Locale): string {
  const text = formatUnits(value, decimals);
  return decimalFormat(locale).decimal === '.' ? text : text.replace('.', ',');
}

/** 1234.5 as a person may type it in a language: "1,234.5" in English, "1.234,5" in German. */
export function typedExample(locale?: Locale): string {
  return typedNumber('1234', '5', decimalFormat(locale), true);
}

/**
 * A field's hint naming the decimal separator of `locale` (the language shown), with an example:
 * "Use “.” for decimals, as in 1,234.5."
 */
export function decimalHint(locale: Locale = activeLocale()): string {
  return t('common:amount.decimalHint', { decimal: decimalFormat(locale).decimal, example: typedExample(locale) });
}

export type DecimalInput = { locale: Locale; format: DecimalFormat; hint: string };

/** What a field that takes an amount or a fee needs in `locale`: the format it accepts and the hint that says so. */
export function decimalInput(locale: Locale): DecimalInput {
  return { locale, format: decimalFormat(locale), hint: decimalHint(locale) };
}

/**
 * For a field where a person types an amount or a fee: the format it accepts in the language
 * shown (for parseAmount, parseGwei), the hint that says so, and the locale (re-rendering on a
 * change of language).
 */
export function useDecimalInput(): DecimalInput {
  return decimalInput(useLocale());
}
