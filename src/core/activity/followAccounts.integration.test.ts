// Following many accounts block by block on a real local node, behind a counting proxy: the same
// history as syncing each on its own, for a few requests per block whatever their number.
import { type Address, encodeFunctionData, parseAbi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { seedTransferHistory } from '@/testing/transferHistory';
import { testNetwork, testNode } from '@/testing/txFixtures';
import { type LocalChain, startChain } from '../../../devchain/chain.ts';
import { demoAddress } from '../../../devchain/seed.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { readChainHead } from '../chain/chainHead';
import { chainClient } from '../chain/client';
import type { Network } from '../chain/networks';
import { memoryActivityStore } from './activityStore';
import { followAccounts } from './followAccounts';
import type { ActivityItem } from './item';
import { syncAccount } from './sync';

const erc20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);
const accounts = (n: number) => Array.from({ length: n }, (_, i) => demoAddress(i));

let chain: LocalChain;
let proxy: RpcFaultProxy;
let token: Address;

beforeAll(async () => {
  chain = await startChain({ port: await findFreePort() });
  proxy = await startRpcFaultProxy(chain.url);
  token = await seedTransferHistory(chain.url, {
    account: demoAddress(0),
    peer: demoAddress(1),
    transfers: 6,
    perBlock: 2,
  });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await chain?.stop();
});

const line = (i: ActivityItem) =>
  [i.hash, i.asset.kind, i.amount, i.direction, i.failed, i.fee ?? '', i.timestamp ?? ''].join('|');
const lines = (items: readonly ActivityItem[]) => items.map(line).sort();

/** Reads the head as the app's poll does, then follows the accounts to it. */
async function follow(network: Network, store: ReturnType<typeof memoryActivityStore>, who: readonly Address[]) {
  const client = chainClient(network);
  const head = await readChainHead(client, network, { withTransactions: true });
  const results = await followAccounts({ client, network, store }, who, head.block);
  for (const [account, result] of results) {
    if ('error' in result) throw new Error(`${account}: ${result.error}`);
    // As the history sync does: an account that cannot follow is synced on its own.
    if ('behind' in result) results.set(account, await syncAccount({ client, network, store }, account));
  }
  return results;
}

/** Each account's history synced from scratch on its own, straight from the node. */
async function reference(who: readonly Address[]) {
  const network = testNetwork(chain.url);
  const store = memoryActivityStore();
  const client = chainClient(network);
  for (const account of who) await syncAccount({ client, network, store }, account);
  return store;
}

describe('following accounts block by block', () => {
  it('keeps the same history as syncing each on its own: tokens, native value both ways, between the accounts', async () => {
    const who = accounts(3);
    const network = testNetwork(chain.url);
    const store = memoryActivityStore();
    const first = await follow(network, store, who);
    expect(first.size).toBe(3);
    const node = testNode(chain.url);
    const mined = async (hash: `0x${string}`) => node.waitForTransactionReceipt({ hash });
    await mined(
      await node.sendTransaction({
        account: who[0] as Address,
        to: token,
        data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [who[2] as Address, 7n] }),
      }),
    );
    await follow(network, store, who);
    await mined(await node.sendTransaction({ account: who[1] as Address, to: who[0], value: parseEther('0.5') }));
    await mined(await node.sendTransaction({ account: demoAddress(9), to: who[2], value: parseEther('0.25') }));
    const results = await follow(network, store, who);
    expect([...results.values()].every((r) => 'changed' in r && r.changed)).toBe(true);

    const truth = await reference(who);
    for (const account of who) {
      const kept = await store.items(network.chainId, account);
      expect(lines(kept), account).toEqual(lines(await truth.items(network.chainId, account)));
    }
    expect((await store.items(network.chainId, who[2] as Address)).length).toBe(2);
  });

  it.each([3, 30])(
    'asks for a new block three eth_getLogs and no block, chain id or receipt, with %i accounts',
    async (count) => {
      const who = accounts(count);
      const network = testNetwork(proxy.url);
      const store = memoryActivityStore();
      await follow(network, store, who);
      const node = testNode(chain.url);
      proxy.resetCounts();
      const BLOCKS = 4;
      for (let i = 0; i < BLOCKS; i++) {
        await node.mine({ blocks: 1 });
        await follow(network, store, who);
      }
      // Per block: the head (one call: the chain id was asked when the connection was made) and
      // three log queries naming every account.
      expect(proxy.calls).toEqual({ eth_getBlockByNumber: BLOCKS, eth_getLogs: 3 * BLOCKS });
      expect(proxy.requests).toBe(2 * BLOCKS);

      // A block with a transfer to one of them: its receipt, for that transaction only.
      const stranger = demoAddress(39);
      await node.impersonateAccount({ address: stranger });
      await node.setBalance({ address: stranger, value: parseEther('1') });
      proxy.resetCounts();
      await node.sendTransaction({ account: stranger, to: who[1], value: 1n });
      await follow(network, store, who);
      expect(proxy.calls.eth_getTransactionReceipt).toBe(1);
      expect(proxy.calls.eth_getLogs).toBe(3);
    },
  );

  it('asks the last head’s header beside the new blocks’ logs, in one request, when blocks were missed', async () => {
    const who = accounts(3);
    const network = testNetwork(proxy.url);
    const store = memoryActivityStore();
    await follow(network, store, who);
    await testNode(chain.url).mine({ blocks: 5 });
    const client = chainClient(network);
    const head = await readChainHead(client, network, { withTransactions: true });
    proxy.resetCounts();
    const results = await followAccounts({ client, network, store }, who, head.block);
    expect([...results.values()].every((r) => 'changed' in r)).toBe(true);
    // The last head's header, and the four blocks before the new head (the local chain's history
    // of plain transfers is read from its blocks).
    expect(proxy.calls).toEqual({ eth_getBlockByNumber: 1 + 4, eth_getLogs: 3 });
    expect(proxy.requests).toBe(1);
  });

  it('keeps nothing of the read for an account whose last head left the chain: it is synced on its own', async () => {
    const who = accounts(2);
    const network = testNetwork(chain.url);
    const store = memoryActivityStore();
    const node = testNode(chain.url);
    const before = await node.snapshot();
    await node.mine({ blocks: 3 });
    await follow(network, store, who);
    const stored = await store.state(network.chainId, who[0] as Address);
    // Another chain from the snapshot on: the block each account last saw is not on it any more.
    await node.revert({ id: before });
    await node.setNextBlockTimestamp({ timestamp: BigInt(Math.floor(Date.now() / 1000) + 3_600) });
    await node.mine({ blocks: 5 });
    const client = chainClient(network);
    const head = await readChainHead(client, network, { withTransactions: true });
    const results = await followAccounts({ client, network, store }, who, head.block);
    expect([...results.values()]).toEqual([{ behind: true }, { behind: true }]);
    expect(await store.state(network.chainId, who[0] as Address)).toEqual(stored);
  });
});
