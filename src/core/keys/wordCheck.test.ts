import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstWrongWord, pickWordPositions } from './wordCheck';

describe('checking words typed back', () => {
  it('picks distinct positions in range, ascending', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 33 }), (count) => {
        const picked = pickWordPositions(count);
        expect(picked).toHaveLength(3);
        expect(new Set(picked).size).toBe(3);
        expect(picked.every((p) => p >= 0 && p < count)).toBe(true);
        expect([...picked].sort((a, b) => a - b)).toEqual(picked);
      }),
    );
  });

  it('draws again a number from the uneven tail of the range, so no position is favoured', () => {
    const draws = [2 ** 32 - 1, 2 ** 32 - 2, 5, 5, 6, 7];
    // 20 does not divide 2^32: the last 16 numbers would favour positions 0–15.
    expect(pickWordPositions(20, 3, () => draws.shift() ?? 0)).toEqual([5, 6, 7]);
  });

  it('names the first wrong word by its position, case and spaces aside', () => {
    const words = ['academic', 'acid', 'acne', 'acquire', 'acrobat'];
    expect(firstWrongWord(words, [0, 2, 4], ['Academic ', 'acne', 'ACROBAT'])).toBeUndefined();
    expect(firstWrongWord(words, [0, 2, 4], ['academic', 'acid', 'acrobat'])).toBe(3);
    expect(firstWrongWord(words, [0, 2, 4], ['academic', 'acne', ''])).toBe(5);
  });
});
