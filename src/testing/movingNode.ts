// A node whose head moves on between two eth_calls of one read, for the tests of reads that must
// be of one block (core/chain/multicall.ts).
import { createClient, custom, decodeFunctionData, encodeFunctionResult, type Hex, numberToHex, pad } from 'viem';
import { hardhat } from 'viem/chains';
import type { ChainClient } from '../core/chain/client';
import { multicall3Abi } from '../core/chain/multicall';

const word = (value: bigint): Hex => pad(numberToHex(value), { size: 32 });

/**
 * A node whose head moves on between two eth_calls of one read: each aggregate3 at `latest` reads
 * the next block, and answers every call in it with that block's number (so a balance, or
 * Multicall3's getBlockNumber, shows the block it was read at). Calls at an explicit block are
 * answered at that block. `asked`: each eth_call's block tag, in order.
 */
export function movingNode(first: bigint) {
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
