// What each new block costs an idle window, scripted as the app runs it: the head poll, then the
// history pass and the balances of every account, which travel together. Behind a counting proxy,
// for 3 and 30 accounts: the same few calls and two requests per block; and through the app's
// history sync with a store as slow as a busy browser's IndexedDB, still one request after the head.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { testNetwork, testNode } from '@/testing/txFixtures';
import { type LocalChain, startChain } from '../../../devchain/chain.ts';
import { demoAddress } from '../../../devchain/seed.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { memoryApprovalStore } from '../approvals/approvalStore';
import { scanApprovals } from '../approvals/scanApprovals';
import { readPortfolio } from '../assets/portfolio';
import { readChainHead } from '../chain/chainHead';
import { chainClient, holdBackgroundBatch } from '../chain/client';
import { MULTICALL3_ADDRESS } from '../chain/localChain';
import { type ActivityStore, memoryActivityStore } from './activityStore';
import { followAccounts } from './followAccounts';
import { createHistorySync } from './historySync';
import { syncAccount, syncAccounts } from './sync';

let chain: LocalChain;
let proxy: RpcFaultProxy;

beforeAll(async () => {
  chain = await startChain({ port: await findFreePort() });
  proxy = await startRpcFaultProxy(chain.url);
  // Multicall3 where every real chain has it: the balances of all accounts are one call.
  const code = readFileSync(
    fileURLToPath(new URL('../../../devchain/multicall3-runtime.hex', import.meta.url)),
    'utf8',
  );
  await testNode(chain.url).setCode({ address: MULTICALL3_ADDRESS, bytecode: code.trim() as Hex });
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await chain?.stop();
});

const BLOCKS = 5;

describe('an idle window, block after block', () => {
  it.each([3, 30])(
    'asks at most 6 calls in 2 requests per new block, and no chain id, with %i accounts',
    async (count) => {
      const who = Array.from({ length: count }, (_, i) => demoAddress(i));
      const network = testNetwork(proxy.url);
      const prompt = chainClient(network);
      const background = chainClient(network, 'background');
      const store = memoryActivityStore();
      const deps = { client: background, network, store };
      const request = { accounts: who, tokens: [], feeds: [] };
      // The first block: first syncs, and Multicall3 found or not.
      const first = await readChainHead(prompt, network, { withTransactions: true });
      for (const account of who) await syncAccount(deps, account);
      const { multicall } = await readPortfolio(background, request, undefined);
      expect(multicall).toBe(true);
      await followAccounts(deps, who, first.block);

      const node = testNode(chain.url);
      proxy.resetCounts();
      for (let i = 0; i < BLOCKS; i++) {
        await node.mine({ blocks: 1 });
        const head = await readChainHead(prompt, network, { withTransactions: true });
        const [followed] = await Promise.all([
          followAccounts(deps, who, head.block),
          readPortfolio(background, request, multicall),
        ]);
        expect([...followed.values()].every((r) => 'changed' in r && r.changed)).toBe(true);
      }
      const calls = Object.values(proxy.calls).reduce((a, b) => a + b, 0);
      expect(proxy.calls.eth_chainId).toBeUndefined();
      expect(proxy.calls.eth_getLogs).toBe(3 * BLOCKS);
      expect(calls).toBeLessThanOrEqual(6 * BLOCKS);
      expect(proxy.requests).toBe(2 * BLOCKS);
    },
  );

  it("sends a block's history reads with its balances in one request, however long the stored state takes", async () => {
    const who = [demoAddress(0), demoAddress(1), demoAddress(2)];
    const network = testNetwork(proxy.url);
    const background = chainClient(network, 'background');
    // Each stored state read takes longer than the client gathers calls for (BATCH_WAIT_MS), as
    // IndexedDB does in a window busy drawing Home.
    const memory = memoryActivityStore();
    const activity: ActivityStore = {
      ...memory,
      state: async (chainId, account) => {
        await new Promise((done) => setTimeout(done, 200));
        return memory.state(chainId, account);
      },
    };
    // Wired as the app's (app/windowHistorySync.ts).
    const deps = { client: background, network, store: activity };
    const approvals = { client: background, store: memoryApprovalStore() };
    const history = createHistorySync(
      async () => ({
        follow: (_, accounts, head, asking) => followAccounts(deps, accounts, head, asking),
        sync: (_, accounts, onProgress) => syncAccounts(deps, accounts, onProgress),
        scanApprovals: (_, account) => scanApprovals(approvals, account),
      }),
      holdBackgroundBatch,
    );
    for (const account of who) await history.request(network, account);
    const request = { accounts: who, tokens: [], feeds: [] };
    const { multicall } = await readPortfolio(background, request, undefined);

    await testNode(chain.url).mine({ blocks: 1 });
    const head = await readChainHead(chainClient(network), network, { withTransactions: true });
    proxy.resetCounts();
    // As a new head's readers ask, in one moment: the history pass, then the balances.
    await Promise.all([history.follow(network, who, head.block), readPortfolio(background, request, multicall)]);
    expect(proxy.calls).toEqual({ eth_getLogs: 3, eth_call: 1 });
    expect(proxy.requests).toBe(1);
    for (const account of who)
      expect((await memory.state(network.chainId, account))?.headNumber).toBe(head.blockNumber);
  });
});
