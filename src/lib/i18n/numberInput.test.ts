import { describe, expect, it } from 'vitest';
import { amountInputText, decimalFormat, typedExample } from './numberInput';

describe('numbers as a person types them', () => {
  it('knows each language’s separators', () => {
    expect(decimalFormat('en')).toEqual({ decimal: '.', group: ',' });
    expect(decimalFormat('de')).toEqual({ decimal: ',', group: '.' });
    expect(decimalFormat('es')).toEqual({ decimal: ',', group: '.' });
    expect(decimalFormat('en-XA')).toEqual({ decimal: '.', group: ',' });
  });

  it('writes an example with both separators, for hints', () => {
    expect(typedExample('en')).toBe('1,234.5');
    expect(typedExample('de')).toBe('1.234,5');
    expect(typedExample('es')).toBe('1.234,5');
  });

  it('writes base units as typed in a field: the language’s decimal separator, no grouping', () => {
    expect(amountInputText(1_234_500_000_000_000_000_000n, 18, 'de')).toBe('1234,5');
    expect(amountInputText(1_234_500_000_000_000_000_000n, 18, 'en')).toBe('1234.5');
    expect(amountInputText(7n, 0, 'de')).toBe('7');
  });
});
