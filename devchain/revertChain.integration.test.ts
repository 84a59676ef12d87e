import { type Hex, hexToNumber } from 'viem';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '../scripts/serve/ports.ts';
import { startChain } from './chain.ts';
import { type ChainRpc, revertToSnapshot } from './revertChain.ts';

const rpcOf =
  (url: string): ChainRpc =>
  async <T>(method: string, params: unknown[] = []) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const answer = (await response.json()) as { result?: T; error?: { message: string } };
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result as T;
  };

describe('revertToSnapshot', () => {
  it('leaves the next block stamped no later than the present, however long ago the snapshot was', async () => {
    // A chain of its own: the shared one must not go back under the other tests.
    const chain = await startChain({ port: await findFreePort() });
    try {
      const rpc = rpcOf(chain.url);
      let snapshot = await rpc<string>('evm_snapshot');
      for (let revert = 0; revert < 2; revert++) {
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        const next = await revertToSnapshot(rpc, snapshot);
        if (next === undefined) throw new Error('no snapshot to go back to');
        snapshot = next;
      }
      await rpc('evm_mine');
      const head = await rpc<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
      // Hardhat's node alone would stamp it about 6 s ahead: 3 s for each revert.
      expect(hexToNumber(head.timestamp)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
      expect(await revertToSnapshot(rpc, '0x99')).toBeUndefined();
    } finally {
      await chain.stop();
    }
  });
});
