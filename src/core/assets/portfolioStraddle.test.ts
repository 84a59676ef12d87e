import {
  type Address,
  createClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  type Hex,
  numberToHex,
  pad,
} from 'viem';
import { hardhat } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import type { ChainClient } from '../chain/client';
import { multicall3Abi } from '../chain/multicall';
import { readPortfolio } from './portfolio';

const word = (value: bigint): Hex => pad(numberToHex(value), { size: 32 });

/**
 * A node whose head moves on between two eth_calls of one read: each aggregate3 at `latest` reads
 * the next block, and answers every balanceOf with that block's number (so a balance shows the
 * block it was read at). Calls at an explicit block are answered at that block.
 */
function movingNode(first: bigint) {
  let head = first;
  const asked: (string | undefined)[] = [];
  const client = createClient({
    chain: hardhat,
    transport: custom({
      async request({ method, params }: { method: string; params: unknown[] }) {
        if (method !== 'eth_call') throw new Error(`unexpected ${method}`);
        const [tx, tag] = params as [{ data: Hex }, string | undefined];
        asked.push(tag);
        const block = tag?.startsWith('0x') ? BigInt(tag) : head++;
        const { args } = decodeFunctionData({ abi: multicall3Abi, data: tx.data });
        const calls = (args?.[0] ?? []) as readonly { callData: Hex }[];
        return encodeFunctionResult({
          abi: multicall3Abi,
          functionName: 'aggregate3',
          result: calls.map(() => ({ success: true, returnData: word(block) })),
        });
      },
    }),
  }) as unknown as ChainClient;
  return { client, asked };
}

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
