import { type Address, getContractAddress, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ChainClient } from '../chain/client';
import { createdAddress, isCreation, runtimeCodeSize } from './creation';

const FROM: Address = '0x00000000000000000000000000000000000000a1';

/**
 * A node that answers eth_call with `answer` (an Error is thrown) and counts `count` mined
 * transactions for the sender, and one more waiting in its pool.
 */
function node(answer: Hex | Error, count = 7) {
  const asked: { method: string; params: unknown[] }[] = [];
  const client = {
    request: async ({ method, params }: { method: string; params: unknown[] }) => {
      asked.push({ method, params });
      if (method === 'eth_getTransactionCount')
        return `0x${(params[1] === 'pending' ? count + 1 : count).toString(16)}`;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as ChainClient;
  return { client, asked };
}

describe('a contract creation’s preview', () => {
  it('is a transaction without to', () => {
    expect(isCreation({ to: undefined })).toBe(true);
    expect(isCreation({ to: null })).toBe(true);
    expect(isCreation({ to: FROM })).toBe(false);
  });

  it('lands where the sender and the nonce say: the transaction’s own, else the next the node expects', async () => {
    const { client } = node('0x', 7);
    expect(await createdAddress(client, { from: FROM, nonce: 3 })).toBe(getContractAddress({ from: FROM, nonce: 3n }));
    // A wallet that chooses the nonce counts what waits in the pool: the next after it.
    expect(await createdAddress(client, { from: FROM })).toBe(getContractAddress({ from: FROM, nonce: 8n }));
  });

  it('counts the bytes of the runtime code its init code returns, asked as an eth_call without to', async () => {
    const { client, asked } = node('0x60806040');
    const tx = { from: FROM, data: '0x6080' as Hex, value: 5n, gas: 100_000n, nonce: 3, maxFeePerGas: 9n };
    expect(await runtimeCodeSize(client, tx)).toBe(4);
    // Fees and nonce left out: the node runs the init code alone.
    expect(asked).toEqual([
      { method: 'eth_call', params: [{ from: FROM, data: '0x6080', value: '0x5', gas: '0x186a0' }, 'latest'] },
    ]);
    expect(await runtimeCodeSize(node('0x').client, { from: FROM, data: '0x00' })).toBe(0);
  });

  it('knows no size when the init code reverts, or the answer is not bytes', async () => {
    expect(await runtimeCodeSize(node(new Error('execution reverted')).client, { from: FROM, data: '0xfe' })).toBe(
      undefined,
    );
    expect(await runtimeCodeSize(node('0xabc' as Hex).client, { from: FROM, data: '0x00' })).toBe(undefined);
  });
});
