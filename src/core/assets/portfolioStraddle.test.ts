import { type Address, numberToHex, pad } from 'viem';
import { describe, expect, it } from 'vitest';
import { movingNode } from '../../testing/movingNode';
import { readPortfolio } from './portfolio';

describe('a portfolio read in several aggregate3 calls', () => {
  it('reads again at the first call’s block any call that read a newer block', async () => {
    const { client, asked } = movingNode(100n);
    const accounts = [`0x${'a1'.repeat(20)}`, `0x${'a2'.repeat(20)}`] as Address[];
    const tokens = Array.from({ length: 600 }, (_, i) => pad(numberToHex(i + 1), { size: 20 }) as Address);
    const { snapshot } = await readPortfolio(client, { accounts, tokens, feeds: [] }, true);
    // Two aggregate3 calls at the latest block, then the second again at the first's block.
    expect(asked).toEqual(['latest', 'latest', numberToHex(100n)]);
    expect(snapshot.blockNumber).toBe(100n);
    const balances = [...snapshot.tokens.values()].flatMap((perToken) => [...perToken.values()]);
    expect(balances).toHaveLength(1200);
    expect(new Set(balances)).toEqual(new Set([100n]));
  });
});
