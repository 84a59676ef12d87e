// Numbers a person types, in the one format of the language shown (see core/tx/amount.ts).
import { formatUnits } from 'viem';
import { type DecimalFormat, DOT_DECIMALS } from '@/core/tx/amount';
import { intlLocale } from './activeLocale';
import type { Locale } from './locales';

const formats = new Map<string, DecimalFormat>();

/** The decimal and grouping separators of a language, as Intl writes 1234.5 in it. */
export function decimalFormat(locale?: Locale): DecimalFormat {
  const tag = intlLocale(locale);
  let format = formats.get(tag);
  if (!format) {
    const parts = new Intl.NumberFormat(tag).formatToParts(12345.6);
    const decimal = parts.find((p) => p.type === 'decimal')?.value;
    const group = parts.find((p) => p.type === 'group')?.value;
    format =
      (decimal === '.' || decimal === ',') && (group === '.' || group === ',') && decimal !== group
        ? { decimal, group }
        : DOT_DECIMALS;
    formats.set(tag, format);
  }
  return format;
}

/** An amount as it is typed into a field (no grouping, the language's decimal separator), e.g. for "Max". */
export function amountInputText(value: bigint, decimals: number, locale?: Locale): string {
  const text = formatUnits(value, decimals);
  return decimalFormat(locale).decimal === '.' ? text : text.replace('.', ',');
}
