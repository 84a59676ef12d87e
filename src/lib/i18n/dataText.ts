import type { AmountValue, Message } from '@/core/i18n/message';
import { untrustedLabel } from '@/core/text/untrustedText';
import { formatAmount } from './format';
import { intlTag, type Locale } from './locales';
import { amountInputText } from './numberInput';
import type { DataValue } from './placeholders';

/**
 * An amount's number in `locale`, the language of the runtime that words the sentence (not the
 * installed one: a provider's runtime may show another language): every digit as typed into a
 * field when `full`, else rounded for display.
 */
export function amountText(value: AmountValue, locale: Locale): string {
  return value.full
    ? amountInputText(value.value, value.decimals, locale)
    : formatAmount(value.value, value.decimals, { locale: intlTag(locale) });
}

/** A value's text in `locale`, the language shown (amounts in its number format, untrusted text made visible). */
export function dataText(
  value: DataValue | undefined,
  translate: (message: Message) => string,
  locale: Locale,
): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (!('kind' in value)) return translate(value);
  switch (value.kind) {
    case 'amount': {
      const amount = amountText(value, locale);
      return value.symbol === undefined ? amount : `${amount} ${untrustedLabel(value.symbol, 'symbol')}`;
    }
    case 'code':
      return value.text;
    case 'untrusted':
      return untrustedLabel(value.text, value.as);
  }
}
