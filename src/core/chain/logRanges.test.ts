import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLogRangeError, isTooLargeAnswer, namedSpan, readInSpans } from './logRanges';

const rangeError = () => Object.assign(new Error('block range too large'), { code: -32005 });

/** A node that refuses spans above `limit` and returns one item per block. */
function node(limit: bigint) {
  const calls: [bigint, bigint][] = [];
  const read = async (from: bigint, to: bigint) => {
    calls.push([from, to]);
    if (to - from + 1n > limit) throw rangeError();
    const items: bigint[] = [];
    for (let b = from; b <= to; b++) items.push(b);
    return items;
  };
  return { read, calls };
}

describe('reading logs in spans the node accepts', () => {
  it('reads everything in one span when the node allows it', async () => {
    const { read, calls } = node(10_000n);
    const result = await readInSpans({ from: 0n, to: 999n, span: 1_000_000n, read });
    expect(result.items).toHaveLength(1000);
    expect(calls).toEqual([[0n, 999n]]);
  });

  it('halves on "range too large", never re-asks a refused span in the same run, and reports the span that worked', async () => {
    const { read, calls } = node(100n);
    const result = await readInSpans({ from: 0n, to: 999n, span: 1024n, read });
    expect(result.items).toEqual(Array.from({ length: 1000 }, (_, i) => BigInt(i)));
    expect(result.span).toBe(62n);
    const refused = calls.filter(([a, b]) => b - a + 1n > 100n);
    expect(refused.map(([a, b]) => b - a + 1n)).toEqual([1000n, 500n, 250n, 125n]);
  });

  it('halves what it asked, not a span far larger than the range (a first sync)', async () => {
    const { read, calls } = node(100n);
    await readInSpans({ from: 0n, to: 999n, span: 1_000_000_000n, read });
    const refused = calls.filter(([a, b]) => b - a + 1n > 100n);
    expect(refused.map(([a, b]) => b - a + 1n)).toEqual([1000n, 500n, 250n, 125n]);
  });

  it('goes straight to a span that fits when the client says how large the answer was', async () => {
    const calls: bigint[] = [];
    const read = async (from: bigint, to: bigint) => {
      const blocks = to - from + 1n;
      calls.push(blocks);
      // 1 MB of logs per block; the client takes 10 MB.
      if (blocks > 10n)
        throw Object.assign(new Error('HTTP response body exceeded the size limit.'), {
          name: 'ResponseBodyTooLargeError',
          maxSize: 10_000_000,
          size: Number(blocks) * 1_000_000,
        });
      return [];
    };
    const result = await readInSpans({
      from: 0n,
      to: 399n,
      span: 1_000_000_000n,
      read,
    });
    expect(calls[0]).toBe(400n);
    expect(calls.slice(1).every((blocks) => blocks <= 10n)).toBe(true);
    expect(result.span).toBe(7n);
  });

  it('grows after quiet reads, up to the policy’s most', async () => {
    const { read } = node(1_000_000n);
    const result = await readInSpans({
      from: 0n,
      to: 9_999n,
      span: 100n,
      read,
      policy: { min: 1n, max: 1_000n },
    });
    expect(result.span).toBe(1_000n);
    expect(result.items).toHaveLength(10_000);
  });

  it('with a target, starts small and sizes each span to about that many items: no huge first answer', async () => {
    // 500 items a block for 200 blocks (the local chain's densest history), then an empty stretch.
    const calls: [bigint, bigint][] = [];
    const read = async (from: bigint, to: bigint) => {
      calls.push([from, to]);
      const items: bigint[] = [];
      for (let b = from; b <= to && b < 200n; b++) for (let i = 0; i < 500; i++) items.push(b);
      return items;
    };
    const result = await readInSpans({ from: 0n, to: 99_999n, span: 8n, read, targetItems: 6_000 });
    expect(result.items).toHaveLength(100_000);
    // No read over the dense part asked for more than the target.
    for (const [from, to] of calls)
      if (from < 200n) expect((Math.min(Number(to), 199) - Number(from) + 1) * 500).toBeLessThanOrEqual(6_000);
    // Past it, the empty answers grow the span quickly.
    expect(calls.length).toBeLessThan(30);
  });

  it('with a target, never grows back after a refusal in the same run', async () => {
    const { read, calls } = node(10n);
    await readInSpans({ from: 0n, to: 999n, span: 8n, read, targetItems: 6_000 });
    const widths = calls.map(([a, b]) => b - a + 1n);
    const refused = widths.filter((w) => w > 10n);
    // Halved down to what the node takes, each refusal smaller than the one before, then never past it.
    expect(refused).toEqual([...refused].sort((a, b) => (a < b ? 1 : -1)));
    expect(new Set(refused).size).toBe(refused.length);
    expect(widths.slice(widths.lastIndexOf(refused.at(-1) ?? 0n) + 1).every((w) => w <= 10n)).toBe(true);
  });

  it('passes other errors through, and gives up when even one block is too much', async () => {
    await expect(
      readInSpans({ from: 0n, to: 10n, span: 5n, read: async () => Promise.reject(new Error('node on fire')) }),
    ).rejects.toThrow('node on fire');
    await expect(
      readInSpans({ from: 0n, to: 10n, span: 5n, read: async () => Promise.reject(rangeError()) }),
    ).rejects.toThrow(/block range too large/);
  });

  it('covers every block exactly once whatever the node’s limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 1n, max: 300n }),
        fc.bigInt({ min: 0n, max: 2_000n }),
        fc.bigInt({ min: 1n, max: 5_000n }),
        async (limit, length, span) => {
          const { read } = node(limit);
          const result = await readInSpans({ from: 7n, to: 7n + length - 1n, span, read });
          expect(result.items).toEqual(Array.from({ length: Number(length) }, (_, i) => 7n + BigInt(i)));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('jumps straight to the span a refusal names', async () => {
    const calls: bigint[] = [];
    const read = async (from: bigint, to: bigint) => {
      calls.push(to - from + 1n);
      if (to - from + 1n > 2_000n)
        throw new Error('Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range');
      return [];
    };
    const result = await readInSpans({ from: 0n, to: 9_999n, span: 1_000_000_000n, read });
    expect(calls).toEqual([10_000n, 2_000n, 2_000n, 2_000n, 2_000n, 2_000n]);
    expect(result.span).toBe(2_000n);
    expect(namedSpan(new Error('exceed maximum block range: 5000'))).toBe(5_000n);
    expect(namedSpan(new Error('eth_getLogs is limited to a 10,000 block range'))).toBe(10_000n);
    expect(namedSpan(new Error('query returned more than 10000 results'))).toBeUndefined();
  });

  it('names no span when the refusal names none, even after viem’s version', () => {
    // As viem words a node's refusal: its version ends the message, the node's words follow.
    const wrapped = Object.assign(
      new Error('Request exceeds defined limit.\n\nDetails: block range too large\nVersion: viem@2.57.1'),
      { details: 'block range too large' },
    );
    expect(isLogRangeError(wrapped)).toBe(true);
    expect(namedSpan(wrapped)).toBeUndefined();
    expect(namedSpan(Object.assign(new Error('Version: viem@2.57.1'), { details: '5000 block range max' }))).toBe(
      5_000n,
    );
  });

  it('recognises the ways nodes say a range is too large', () => {
    for (const message of [
      'query returned more than 10000 results',
      'eth_getLogs is limited to a 10,000 block range',
      'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range',
      'block range is too wide',
      'exceed maximum block range: 5000',
      'Query timeout exceeded. Consider reducing your block range.',
    ])
      expect(isLogRangeError(new Error(message)), message).toBe(true);
    expect(isLogRangeError(new Error('invalid argument 0: hex string without 0x prefix'))).toBe(false);
    expect(isLogRangeError(Object.assign(new Error('x'), { cause: { code: -32005 } }))).toBe(true);
  });

  it('treats an answer too large for the HTTP client as "ask for less", however deeply wrapped', () => {
    const tooLarge = Object.assign(new Error('HTTP response body exceeded the size limit.'), {
      name: 'ResponseBodyTooLargeError',
    });
    const wrapped = new Error('HTTP request failed.', { cause: new Error('outer', { cause: tooLarge }) });
    expect(isTooLargeAnswer(tooLarge)).toBe(true);
    expect(isTooLargeAnswer(wrapped)).toBe(true);
    expect(isLogRangeError(wrapped)).toBe(true);
    expect(isTooLargeAnswer(new Error('HTTP request failed.'))).toBe(false);
  });
});
