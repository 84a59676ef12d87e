import { type Chain, createClient, custom, numberToHex } from 'viem';
import { getChainId } from 'viem/actions';
import { describe, expect, it } from 'vitest';
import { nodeChainIdNow } from './client';

/** A node whose chain id can be switched, answering each eth_chainId after `delayMs`. */
function switchableNode(delayMs: number) {
  let chainId = 31337;
  let asked = 0;
  const client = createClient({
    chain: { id: 31337 } as Chain,
    transport: custom({
      async request({ method }: { method: string }) {
        if (method !== 'eth_chainId') throw new Error(`unexpected ${method}`);
        asked += 1;
        const answer = chainId;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return numberToHex(answer);
      },
    }),
  });
  return {
    client,
    switchTo: (id: number) => {
      chainId = id;
    },
    asked: () => asked,
  };
}

describe('nodeChainIdNow', () => {
  it('asks the node again instead of sharing an answer already on its way from before a switch', async () => {
    const node = switchableNode(20);
    const poll = getChainId(node.client);
    node.switchTo(1);
    // While the poll's request (sent before the switch) is on its way, viem's own action shares
    // its answer; the check before signing asks for itself.
    const [polled, shared, now] = await Promise.all([poll, getChainId(node.client), nodeChainIdNow(node.client)]);
    expect([polled, shared, now]).toEqual([31337, 31337, 1]);
    expect(node.asked()).toBe(2);
  });
});
