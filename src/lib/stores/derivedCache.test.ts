import { describe, expect, it } from 'vitest';
import { derivedFrom } from './derivedCache';

describe('values derived from a list', () => {
  it('are made once per list, key and other inputs', () => {
    const list = [1, 2, 3];
    const other = { tokens: [] };
    let made = 0;
    const sum = () => {
      made++;
      return list.reduce((a, b) => a + b, 0);
    };
    expect(derivedFrom(list, 'sum', [other], sum)).toBe(6);
    expect(derivedFrom(list, 'sum', [other], sum)).toBe(6);
    expect(made).toBe(1);
    // Another input object, another key or another list: made again.
    derivedFrom(list, 'sum', [{ tokens: [] }], sum);
    derivedFrom(list, 'total', [other], sum);
    derivedFrom([1, 2, 3], 'sum', [other], sum);
    expect(made).toBe(4);
  });

  it('keeps the last few derivations of a list', () => {
    const list: number[] = [];
    let made = 0;
    for (let i = 0; i < 40; i++) derivedFrom(list, `search ${i}`, [], () => made++);
    derivedFrom(list, 'search 39', [], () => made++);
    derivedFrom(list, 'search 0', [], () => made++);
    expect(made).toBe(41);
  });
});
