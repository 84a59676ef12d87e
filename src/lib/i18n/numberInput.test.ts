import { describe, expect, it } from 'vitest';
import { inLanguage } from '@/testing/inWords';
import { amountInputText, decimalFormat, decimalHint, decimalInput, typedExample } from './numberInput';

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

  it('hints the decimal separator of the language shown, with an example in its format', async () => {
    expect(decimalHint()).toBe('Use “.” for decimals, as in 1,234.5.');
    const german = await inLanguage('de', () => decimalHint());
    expect(german).toBe('Verwenden Sie „,“ für Dezimalstellen, wie in 1.234,5.');
    expect(await inLanguage('es', () => decimalHint())).toBe('Usa «,» para los decimales, como en 1.234,5.');
  });

  it('decimalInput gives a field the format it accepts and the hint that says so (what useDecimalInput returns)', async () => {
    expect(decimalInput('en')).toEqual({
      locale: 'en',
      format: { decimal: '.', group: ',' },
      hint: 'Use “.” for decimals, as in 1,234.5.',
    });
    expect(await inLanguage('de', () => decimalInput('de'))).toEqual({
      locale: 'de',
      format: { decimal: ',', group: '.' },
      hint: 'Verwenden Sie „,“ für Dezimalstellen, wie in 1.234,5.',
    });
  });
});
