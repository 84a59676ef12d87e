import { describe, expect, it } from 'vitest';
import { readInBatches } from './readInBatches';

const tooLarge = () =>
  Object.assign(new Error('HTTP response body exceeded the size limit.'), { name: 'ResponseBodyTooLargeError' });

describe('readInBatches', () => {
  it('reads everything in order, in batches of the given size', async () => {
    const seen: number[][] = [];
    let current: number[] = [];
    const result = await readInBatches(
      Array.from({ length: 7 }, (_, i) => i),
      async (value) => {
        current.push(value);
        if (current.length === 3 || value === 6) {
          seen.push(current);
          current = [];
        }
        return value * 10;
      },
      3,
    );
    expect(result).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('halves a batch whose answer is too large until it fits, losing nothing', async () => {
    let inFlight = 0;
    const sizes: number[] = [];
    const read = async (value: number) => {
      inFlight++;
      await Promise.resolve();
      const size = inFlight;
      await Promise.resolve();
      inFlight = 0;
      sizes.push(size);
      if (size > 2) throw tooLarge();
      return value;
    };
    const values = Array.from({ length: 9 }, (_, i) => i);
    expect(await readInBatches(values, read, 8)).toEqual(values);
    expect([...new Set(sizes)]).toEqual([8, 4, 2, 1]);
  });

  it('passes on other failures, and a too-large answer for a single call', async () => {
    await expect(readInBatches([1, 2], async () => Promise.reject(new Error('node down')), 2)).rejects.toThrow(
      'node down',
    );
    await expect(readInBatches([1], async () => Promise.reject(tooLarge()), 4)).rejects.toThrow(/size limit/);
  });
});
