import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { seedTransferHistory } from '@/testing/transferHistory';
import { type LocalChain, startChain } from '../../../devchain/chain.ts';
import { demoAddress } from '../../../devchain/seed.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { chainClient } from '../chain/client';
import { FIRST_LOG_SPAN } from '../chain/logRanges';
import { localNetwork } from '../chain/networks';
import { memoryActivityStore } from './activityStore';
import { syncAccount } from './sync';

// The history bench's size: 10,000 token transfers between two accounts of one wallet, 500 to a
// block. Each account's logs (~7 MB) and full blocks (~12 MB) are answers near or past the HTTP
// client's 10 MB cap, and the app syncs both accounts at once over one client, whose JSON-RPC
// batches mix their calls.
const TRANSFERS = 10_000;
const account = demoAddress(0);
const peer = demoAddress(1);

let chain: LocalChain;
let proxy: RpcFaultProxy;

beforeAll(async () => {
  chain = await startChain({ port: await findFreePort() });
  proxy = await startRpcFaultProxy(chain.url);
  await seedTransferHistory(chain.url, { account, peer, transfers: TRANSFERS, perBlock: 500 });
}, 240_000);

afterAll(async () => {
  await proxy?.close();
  await chain?.stop();
});

describe('a history of 10,000 transfers', () => {
  it('syncs two accounts at once over one client, though together their answers pass the size cap', async () => {
    const network = { ...localNetwork(proxy.url), id: 'history-at-scale' };
    const store = memoryActivityStore();
    const deps = { client: chainClient(network), network, store };
    proxy.resetCounts();
    const results = await Promise.all([syncAccount(deps, account), syncAccount(deps, peer)]);
    for (const result of results) expect(result.itemsChanged).toBe(true);
    // Every transfer (and the mint), from both sides, and each account's own 5,000 transactions.
    for (const owner of [account, peer]) {
      const items = await store.items(network.chainId, owner);
      expect(items.filter((i) => i.source === 'logs' && i.logIndex !== undefined)).toHaveLength(TRANSFERS + 1);
      expect(items.filter((i) => i.logIndex === undefined && i.direction === 'out')).toHaveLength(TRANSFERS / 2);
    }
    // Read in full ranges, not block by block: the HTTP requests stay few.
    expect(proxy.requests).toBeLessThan(60);
    // The first span is bounded (not the whole chain in one ~7 MB answer) and each next one sized
    // from the answers, so no answer was too large: the ranges asked never overlap (a refused
    // range would be asked again in part).
    const [first] = proxy.logRanges;
    expect(first && first[1] - first[0] + 1n).toBeLessThanOrEqual(FIRST_LOG_SPAN);
    const ranges = [...new Map(proxy.logRanges.map((r) => [`${r[0]}-${r[1]}`, r])).values()].sort((a, b) =>
      a[0] < b[0] ? -1 : 1,
    );
    for (const [i, [from]] of ranges.entries()) expect(from).toBeGreaterThan(ranges[i - 1]?.[1] ?? -1n);
  }, 180_000);
});
