import { describe, expect, it } from 'vitest';
import { isRecord, isString } from './guards';

describe('value guards', () => {
  it('takes objects with fields as records, not arrays, null or plain values', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    for (const value of [null, undefined, [], [1], 'a', 1, true, 1n]) expect(isRecord(value)).toBe(false);
  });

  it('takes only strings as strings', () => {
    expect(isString('')).toBe(true);
    expect(isString('0x')).toBe(true);
    for (const value of [null, undefined, 1, {}, [], new String('a')]) expect(isString(value)).toBe(false);
  });
});
