import { readFileSync } from 'node:fs';
import { type Address, type Hex, numberToHex, pad } from 'viem';
import { describe, expect, it } from 'vitest';
import { movingNode } from '../../testing/movingNode';
import { aggregate3, type CallOutcome, chunkCalls, isCanonicalMulticall } from './multicall';

describe('Multicall3 helpers', () => {
  it('trusts only the canonical runtime code', () => {
    const canonical = readFileSync(
      new URL('../../../devchain/multicall3-runtime.hex', import.meta.url),
      'utf8',
    ).trim() as `0x${string}`;
    expect(isCanonicalMulticall(canonical)).toBe(true);
    expect(isCanonicalMulticall(`0x${canonical.slice(2, -2)}00`)).toBe(false);
    expect(isCanonicalMulticall('0x')).toBe(false);
    expect(isCanonicalMulticall(undefined)).toBe(false);
  });

  it('chunks calls', () => {
    expect(chunkCalls([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunkCalls([], 2)).toEqual([]);
  });
});

describe('aggregate3', () => {
  const calls = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      target: pad(numberToHex(i + 1), { size: 20 }) as Address,
      allowFailure: true,
      callData: '0x70a08231' as Hex,
    }));
  const blocks = (outcomes: CallOutcome[]) => new Set(outcomes.map((o) => (o.ok ? BigInt(o.data ?? '0x0') : -1n)));

  it('reads every chunk at one block: one the head moved past is asked again at the first’s', async () => {
    const node = movingNode(100n);
    const outcomes = await aggregate3(node.client, calls(25), 10);
    // Three eth_calls at the latest block (each read the next), then the two late ones at the first's.
    expect(node.asked).toEqual(['latest', 'latest', 'latest', numberToHex(100n), numberToHex(100n)]);
    expect(outcomes).toHaveLength(25);
    expect(blocks(outcomes)).toEqual(new Set([100n]));
  });

  it('asks no block number of one chunk, nor of chunks at a given block', async () => {
    const one = movingNode(7n);
    expect(blocks(await aggregate3(one.client, calls(10), 10))).toEqual(new Set([7n]));
    expect(one.asked).toEqual(['latest']);
    const given = movingNode(7n);
    const outcomes = await aggregate3(given.client, calls(25), 10, 5n);
    expect(given.asked).toEqual([numberToHex(5n), numberToHex(5n), numberToHex(5n)]);
    expect(outcomes).toHaveLength(25);
    expect(blocks(outcomes)).toEqual(new Set([5n]));
  });
});
