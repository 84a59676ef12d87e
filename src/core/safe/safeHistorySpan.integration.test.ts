// A quiet Safe over 100,000 blocks of the local chain (mined on top of a snapshot, then reverted),
// read through a counting proxy: its history, and what became of a transaction it kept, each in a
// few eth_getLogs by the one log-span rule (readLogs), where doubling after quiet reads from 8
// blocks took about 48.
import { keccak256, numberToHex, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { createTestSafe } from '@/testing/safeFixtures';
import { testNetwork, testNode } from '@/testing/txFixtures';
import { demoAddress } from '../../../devchain/seed.ts';
import { headBlockOf } from '../chain/chainHead';
import { chainClient } from '../chain/client';
import { followSafeHistory, readSafeHistory, SAFE_HISTORY_BLOCKS } from './safeHistory';
import { outcomeAfterNonce } from './safeOutcome';

const url = localChainUrl();
const node = testNode(url);
/** The bench's budget (issue 50): a quiet 100,000-block Safe history in at most 6 requests. */
const MOST_REQUESTS = 6;

let proxy: RpcFaultProxy;
let snapshot: string;

beforeAll(async () => {
  proxy = await startRpcFaultProxy(url);
  snapshot = await node.request({ method: 'evm_snapshot' } as never);
});

afterAll(async () => {
  await node.request({ method: 'evm_revert', params: [snapshot] } as never);
  await proxy?.close();
});

describe('a quiet Safe’s logs over 100,000 blocks', () => {
  it('reads its history, and a kept transaction’s outcome, in at most 6 requests each', async () => {
    const safe = await createTestSafe(node, { owners: [demoAddress(30)], threshold: 1 });
    const kept = await node.getBlockNumber();
    await node.request({ method: 'hardhat_mine', params: [numberToHex(SAFE_HISTORY_BLOCKS)] } as never);
    const head = headBlockOf(await node.getBlock());
    expect(head.number - kept).toBeGreaterThanOrEqual(SAFE_HISTORY_BLOCKS);
    const client = chainClient(testNetwork(proxy.url));

    proxy.resetCounts();
    const history = await readSafeHistory(client, safe, head);
    expect(history.events).toEqual([]);
    expect(proxy.requests).toBeLessThanOrEqual(MOST_REQUESTS);
    expect(proxy.logRanges.at(-1)?.[1]).toBe(head.number);

    // What became of a transaction kept at `kept` once the nonce passed it: the Safe's logs since.
    proxy.resetCounts();
    const outcome = await outcomeAfterNonce(client, {
      safe,
      hash: keccak256(toHex('never executed')),
      from: kept,
      head: head.number,
    });
    expect(outcome).toEqual({ status: 'replaced' });
    expect(proxy.requests).toBeLessThanOrEqual(MOST_REQUESTS);

    // The next 100,000 quiet blocks, from the span the first read kept: one eth_getLogs.
    await node.request({ method: 'hardhat_mine', params: [numberToHex(SAFE_HISTORY_BLOCKS)] } as never);
    const later = headBlockOf(await node.getBlock());
    proxy.resetCounts();
    const followed = await followSafeHistory(client, safe, history, later);
    expect(followed.to).toBe(later.number);
    expect(proxy.calls).toEqual({ eth_getLogs: 1 });
  });
});
