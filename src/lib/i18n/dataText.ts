import type { Message } from '@/core/i18n/message';
import { untrustedLabel } from '@/core/text/untrustedText';
import { formatAmount } from '../format';
import { amountInputText } from './numberInput';
import type { DataValue } from './placeholders';

/** A value's text in the language shown (amounts in its number format, untrusted text made visible). */
export function dataText(value: DataValue | undefined, translate: (message: Message) => string): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (!('kind' in value)) return translate(value);
  switch (value.kind) {
    case 'amount': {
      const amount = value.full
        ? amountInputText(value.value, value.decimals)
        : formatAmount(value.value, value.decimals);
      return value.symbol === undefined ? amount : `${amount} ${untrustedLabel(value.symbol, 'symbol')}`;
    }
    case 'code':
      return value.text;
    case 'untrusted':
      return untrustedLabel(value.text, value.as);
  }
}
