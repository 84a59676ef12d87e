import { describe, expect, it } from 'vitest';
import { sameHex } from './bytes';

describe('sameHex', () => {
  it('is the same hex whatever the case of its digits, and nothing is the same as a missing one', () => {
    expect(sameHex('0xAbCd', '0xabcd')).toBe(true);
    expect(sameHex('0xabcd', '0xabce')).toBe(false);
    expect(sameHex('0xabcd', '0xabcd00')).toBe(false);
    expect(sameHex(undefined, '0xabcd')).toBe(false);
    expect(sameHex(undefined, undefined)).toBe(false);
    expect(sameHex(null, null)).toBe(false);
  });
});
