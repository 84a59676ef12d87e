import { describe, expect, it } from 'vitest';
import { expectRefusal } from '@/testing/expectRefusal';
import { GWEI_LABELS, parseData, parseGasLimit, parseGwei, parseNonce } from './advancedInputs';
import type { DecimalFormat } from './amount';

const GERMAN: DecimalFormat = { decimal: ',', group: '.' };

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('advanced transaction inputs', () => {
  it('checks the gas limit against 21,000 and the block gas limit', () => {
    expect(parseGasLimit('21000', 30_000_000n)).toBe(21_000n);
    expect(message(() => parseGasLimit('20999', 30_000_000n))).toBe('Every transaction needs at least 21,000 gas.');
    expect(message(() => parseGasLimit('30000001', 30_000_000n))).toBe(
      'The gas limit cannot exceed the block gas limit (30,000,000).',
    );
    expect(message(() => parseGasLimit('21k', 30_000_000n))).toMatch(/whole number/);
  });

  it('reads fees in gwei exactly', () => {
    expect(parseGwei('1.5', GWEI_LABELS.maxFee)).toBe(1_500_000_000n);
    expect(parseGwei('0.000000001', GWEI_LABELS.priorityFee)).toBe(1n);
    expect(message(() => parseGwei('0.0000000001', GWEI_LABELS.priorityFee))).toMatch(
      /The priority fee is a number of gwei/,
    );
    expect(message(() => parseGwei('-1', GWEI_LABELS.priorityFee))).toMatch(/The priority fee is a number of gwei/);
    // @ts-expect-error A field's name is a Message: words would start a German refusal in English.
    expect(() => parseGwei('x', 'Tip')).toThrow();
  });

  it('reads fees in gwei in the language’s one format, refusing a separator that could be the other one', () => {
    const maxFee = GWEI_LABELS.maxFee;
    expect(parseGwei('1,5', maxFee, GERMAN)).toBe(1_500_000_000n);
    expect(parseGwei('1.234,5', maxFee, GERMAN)).toBe(1_234_500_000_000n);
    expect(parseGwei('0,000000001', maxFee, GERMAN)).toBe(1n);
    expect(parseGwei('30', maxFee, GERMAN)).toBe(30_000_000_000n);
    // A dot where German writes thousands: not guessed as a decimal point.
    expect(message(() => parseGwei('1.5', maxFee, GERMAN))).toBe('Use “,” for decimals: write 1,5.');
    expectRefusal(() => parseGwei('1.5', maxFee, GERMAN), 'INPUT_FEE', /^Use “,” for decimals/);
    expect(message(() => parseGwei('1.500', maxFee, GERMAN))).toMatch(/^“1\.500” is unclear: here “\.” separates/);
    expect(message(() => parseGwei('1.5.0', maxFee, GERMAN))).toMatch(/^Thousands separators \(“\.”\) go between/);
    expect(message(() => parseGwei('1,5.1', maxFee, GERMAN))).toMatch(
      /^A thousands separator \(“\.”\) cannot come after/,
    );
    // Too many decimals, or no number at all: the fee's own sentence, with the example in German.
    expect(message(() => parseGwei('1.234,5678901234', maxFee, GERMAN))).toBe(
      'The max fee is a number of gwei, such as 1,5 (at most 9 decimals).',
    );
    expect(message(() => parseGwei('abc', maxFee, GERMAN))).toBe(
      'The max fee is a number of gwei, such as 1,5 (at most 9 decimals).',
    );
    expect(message(() => parseGwei('', maxFee, GERMAN))).toMatch(/^The max fee is a number of gwei/);
  });

  it('keeps English fees as they were: dot decimals, the sentence with 1.5', () => {
    expect(parseGwei('2.000000001', GWEI_LABELS.gasPrice)).toBe(2_000_000_001n);
    expect(parseGwei('7.', GWEI_LABELS.gasPrice)).toBe(7_000_000_000n);
    expect(message(() => parseGwei('1e3', GWEI_LABELS.gasPrice))).toBe(
      'The gas price is a number of gwei, such as 1.5 (at most 9 decimals).',
    );
    expect(message(() => parseGwei('1,5', GWEI_LABELS.gasPrice))).toBe('Use “.” for decimals: write 1.5.');
  });

  it('refuses a nonce already used', () => {
    expect(parseNonce('7', 7)).toBe(7);
    expect(parseNonce('9', 7)).toBe(9);
    expect(message(() => parseNonce('6', 7))).toBe(
      "Nonce 6 is already used: this account's transactions up to 6 are confirmed. Use 7 or more.",
    );
    expect(message(() => parseNonce('1.5', 7))).toBe('The nonce is a whole number.');
    expect(message(() => parseNonce('1 2', 0))).toBe('The nonce is a whole number.');
  });

  it('accepts only whole bytes of hex as data', () => {
    expect(parseData('')).toBe('0x');
    expect(parseData('0xA9059CBB')).toBe('0xa9059cbb');
    expect(message(() => parseData('a9059cbb'))).toMatch(/Data is hex/);
    expect(message(() => parseData('0xabc'))).toMatch(/even number/);
    expect(message(() => parseData('0xzz'))).toMatch(/Data is hex/);
  });
});
