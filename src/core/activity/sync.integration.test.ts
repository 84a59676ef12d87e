import 'fake-indexeddb/auto';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeExplorer, startFakeExplorer } from '@/testing/fakeExplorer';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { testNode } from '@/testing/txFixtures';
import { type LocalChain, startChain } from '../../../devchain/chain.ts';
import { demoAddress } from '../../../devchain/seed.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { chainClient } from '../chain/client';
import { localNetwork, type Network } from '../chain/networks';
import { REORG_DEPTH } from '../chain/rescanFrom';
import { isCairnError } from '../errors/base';
import { indexedDbActivityStore } from '../storage/activityDb';
import { openCairnDatabase } from '../storage/database';
import { memoryActivityStore } from './activityStore';
import type { ActivityItem } from './item';
import { type SyncOutcome, syncAccount, syncAccounts } from './sync';
import { itemsFromLog } from './transferLogs';

const url = localChainUrl();
let counter = 0;
const network = (rpc: string): Network => ({ ...localNetwork(rpc), id: `activity-${counter++}` });

/** An item as a comparable line: what moved, which way, how much. */
const line = (i: ActivityItem) =>
  [
    i.hash,
    i.asset.kind,
    'address' in i.asset ? i.asset.address.toLowerCase() : '',
    'tokenId' in i.asset ? i.asset.tokenId : '',
    i.amount,
    i.direction,
    i.failed,
  ].join('|');

/**
 * The account's history the slow way, independently of the sync code: every block, every
 * transaction, every receipt up to `head`.
 */
async function groundTruth(rpc: string, account: Address, head: bigint): Promise<string[]> {
  const node = testNode(rpc);
  const lines: string[] = [];
  const me = account.toLowerCase();
  for (let n = 0n; n <= head; n++) {
    const block = await node.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) {
      const receipt = await node.getTransactionReceipt({ hash: tx.hash });
      const failed = receipt.status !== 'success';
      if (tx.from.toLowerCase() === me) {
        lines.push(
          [tx.hash, 'native', '', '', tx.value, tx.to?.toLowerCase() === me ? 'self' : 'out', failed].join('|'),
        );
      } else if (tx.to?.toLowerCase() === me && tx.value > 0n && !failed) {
        lines.push([tx.hash, 'native', '', '', tx.value, 'in', false].join('|'));
      }
      for (const log of receipt.logs) {
        const raw = { ...log, blockNumber: n, transactionIndex: log.transactionIndex, logIndex: log.logIndex };
        for (const item of itemsFromLog(31337, account, raw)) lines.push(line(item));
      }
    }
  }
  return lines.sort();
}

describe('history sync against the local node', () => {
  it('finds the seeded history completely, native incoming included, with fees and times', async () => {
    const account = demoAddress(0);
    const store = memoryActivityStore();
    const net = network(url);
    const result = await syncAccount({ client: chainClient(net), network: net, store }, account);
    const items = (await store.items(net.chainId, account)).filter((i) => i.blockNumber <= result.head);
    expect(items.map(line).sort()).toEqual(await groundTruth(url, account, result.head));
    expect(items.some((i) => i.asset.kind === 'native' && i.direction === 'in')).toBe(true);
    expect(items.some((i) => i.asset.kind === 'erc721')).toBe(true);
    for (const item of items) expect(item.timestamp, item.id).toBeGreaterThan(0);
    for (const item of items.filter((i) => i.logIndex === undefined && i.direction !== 'in'))
      expect(item.fee, item.id).toBeGreaterThan(0n);
  });

  it('on a network without block scans, takes native history from the explorer the person configured', async () => {
    const account = demoAddress(0);
    const explorer = await startFakeExplorer(url);
    try {
      const net: Network = { ...network(url), kind: 'custom' };
      const store = memoryActivityStore();
      const withExplorer = {
        client: chainClient(net),
        network: net,
        store,
        explorer: { config: { baseUrl: explorer.url, apiKey: explorer.apiKey } },
      };
      const result = await syncAccount(withExplorer, account);
      const items = (await store.items(net.chainId, account)).filter((i) => i.blockNumber <= result.head);
      expect(items.map(line).sort()).toEqual(await groundTruth(url, account, result.head));
      expect(items.filter((i) => i.source === 'explorer').length).toBeGreaterThan(0);
      // Without an explorer, such a network shows token transfers only.
      const bare = memoryActivityStore();
      await syncAccount({ client: chainClient(net), network: net, store: bare }, account);
      expect(
        (await bare.items(net.chainId, account)).some((i) => i.asset.kind === 'native' && i.direction === 'in'),
      ).toBe(false);
    } finally {
      await explorer.close();
    }
  });

  describe('an explorer that refuses', () => {
    const net: Network = { ...network(url), kind: 'custom' };
    const syncWith = (explorer: FakeExplorer, accounts: Address[]) => {
      const store = memoryActivityStore();
      const explorerSource = { config: { baseUrl: explorer.url, apiKey: explorer.apiKey } };
      const deps = { client: chainClient(net), network: net, store, explorer: explorerSource };
      return { store, outcomes: syncAccounts(deps, accounts) };
    };
    const failure = (outcome: SyncOutcome | undefined) =>
      outcome && 'error' in outcome && isCairnError(outcome.error) ? outcome.error.code : undefined;

    it('one account: that account fails, nothing of it stored, and the others are stored', async () => {
      const [refused, kept] = [demoAddress(1), demoAddress(0)];
      const explorer = await startFakeExplorer(url, undefined, { refused: [refused] });
      try {
        const { store, outcomes } = syncWith(explorer, [refused, kept]);
        const done = await outcomes;
        expect(failure(done.get(refused))).toBe('EXPLORER_ERROR');
        expect(await store.state(net.chainId, refused)).toBeUndefined();
        expect(await store.items(net.chainId, refused)).toHaveLength(0);
        expect(failure(done.get(kept))).toBeUndefined();
        expect(await store.items(net.chainId, kept)).not.toHaveLength(0);
      } finally {
        await explorer.close();
      }
    });

    it('itself (busy): the accounts after it fail with it, unasked; those before it are stored', async () => {
      const [kept, busy, after] = [demoAddress(0), demoAddress(1), demoAddress(2)];
      const explorer = await startFakeExplorer(url, undefined, { busyFor: [busy] });
      try {
        const { store, outcomes } = syncWith(explorer, [kept, busy, after]);
        const done = await outcomes;
        expect(await store.items(net.chainId, kept)).not.toHaveLength(0);
        expect(failure(done.get(busy))).toBe('EXPLORER_UNAVAILABLE');
        expect(failure(done.get(after))).toBe('EXPLORER_UNAVAILABLE');
        expect(explorer.askedFor(after)).toBe(0);
      } finally {
        await explorer.close();
      }
    });
  });

  it('syncs several accounts in one read: each block once, each log range once, each as it would alone', async () => {
    const accounts = [demoAddress(0), demoAddress(1), demoAddress(2)];
    const proxy = await startRpcFaultProxy(url);
    try {
      const net = network(proxy.url);
      const together = memoryActivityStore();
      const results = await syncAccounts({ client: chainClient(net), network: net, store: together }, accounts);
      const head = [...results.values()].reduce((h, r) => ('head' in r && r.head > h ? r.head : h), 0n);
      // The scan read every block up to the head once for the three (and the head once more),
      // and each range of logs was asked once: three eth_getLogs naming every account.
      expect(proxy.calls.eth_getBlockByNumber).toBeLessThanOrEqual(Number(head) + 2);
      const ranges = new Set(proxy.logRanges.map(([from, to]) => `${from}-${to}`));
      expect(proxy.calls.eth_getLogs).toBe(3 * ranges.size);
      for (const account of accounts) {
        const alone = memoryActivityStore();
        await syncAccount({ client: chainClient(network(url)), network: network(url), store: alone }, account);
        const upTo = async (store: typeof alone) =>
          (await store.items(net.chainId, account))
            .filter((i) => i.blockNumber <= head)
            .map((i) => `${line(i)}|${i.fee}|${i.timestamp}`)
            .sort();
        expect(results.get(account)).toMatchObject({ changed: true, head });
        expect(await upTo(together)).toEqual(await upTo(alone));
      }
    } finally {
      await proxy.close();
    }
  });

  it('gets the same complete history from a node that refuses log ranges over 7 blocks', async () => {
    const account = demoAddress(5);
    const proxy = await startRpcFaultProxy(url);
    try {
      proxy.setFault({ kind: 'logRangeLimit', maxBlocks: 7 });
      const direct = memoryActivityStore();
      const limited = memoryActivityStore();
      const first = await syncAccount(
        { client: chainClient(network(url)), network: network(url), store: direct },
        account,
      );
      const net = network(proxy.url);
      await syncAccount({ client: chainClient(net), network: net, store: limited }, account);
      const upTo = (items: ActivityItem[]) =>
        items
          .filter((i) => i.blockNumber <= first.head)
          .map(line)
          .sort();
      expect(upTo(await limited.items(net.chainId, account))).toEqual(upTo(await direct.items(net.chainId, account)));
      expect(upTo(await limited.items(net.chainId, account)).length).toBeGreaterThan(0);
      // The node did refuse wide ranges (the proxy records every range asked, refused ones too),
      // and once Cairn learned the limit it asked within it.
      const width = ([from, to]: [bigint, bigint]) => to - from + 1n;
      const ranges = proxy.logRanges;
      const lastRefused = ranges.map((r) => width(r) > 7n).lastIndexOf(true);
      expect(lastRefused).toBeGreaterThanOrEqual(0);
      expect(ranges.slice(lastRefused + 1).length).toBeGreaterThan(0);
      expect(ranges.slice(lastRefused + 1).every((r) => width(r) <= 7n)).toBe(true);
      const state = await limited.state(net.chainId, account);
      expect(state?.logSpan).toBeLessThanOrEqual(7n);
    } finally {
      await proxy.close();
    }
  });
});

describe('incremental sync and reorganisations (own chain)', () => {
  let chain: LocalChain;
  let proxy: RpcFaultProxy;
  beforeAll(async () => {
    chain = await startChain({ port: await findFreePort() });
    proxy = await startRpcFaultProxy(chain.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await chain?.stop();
  });

  it('after a reload, a sync with nothing new makes one request, and a new block reads only the recent range', async () => {
    const node = testNode(chain.url);
    const account = demoAddress(3);
    await node.mine({ blocks: 30 });
    await node.sendTransaction({ account: demoAddress(4), to: account, value: 5n, chain: node.chain });
    const syncedHead = await node.getBlockNumber({ cacheTime: 0 });
    const dbName = `activity-reload-${counter++}`;
    const net = network(proxy.url);
    const first = indexedDbActivityStore(await openCairnDatabase(dbName));
    await syncAccount({ client: chainClient(net), network: net, store: first }, account);

    // A reload: a new connection to the same database.
    const reloaded = indexedDbActivityStore(await openCairnDatabase(dbName));
    expect((await reloaded.items(net.chainId, account)).length).toBe(1);
    proxy.resetCounts();
    const quiet = await syncAccount({ client: chainClient(net), network: net, store: reloaded }, account);
    expect(quiet.changed).toBe(false);
    expect(proxy.requests).toBe(1);

    await node.mine({ blocks: 20 });
    await node.sendTransaction({ account: demoAddress(4), to: account, value: 6n, chain: node.chain });
    proxy.resetCounts();
    const fresh = await syncAccount({ client: chainClient(net), network: net, store: reloaded }, account);
    expect(fresh.itemsChanged).toBe(true);
    // Logs are read again only from the reorganisation window below the last synced head.
    const reread = proxy.logRanges.map(([from]) => from);
    expect(reread.length).toBeGreaterThan(0);
    expect(reread).toEqual(reread.map(() => syncedHead - REORG_DEPTH + 1n));
    expect(proxy.calls.eth_getBlockByNumber).toBeLessThanOrEqual(2 + 20 + 1 + Number(REORG_DEPTH));
    expect((await reloaded.items(net.chainId, account)).map((i) => i.amount).sort()).toEqual([5n, 6n]);

    // New blocks with nothing for the account: read, but nothing for the views to refresh.
    await node.mine({ blocks: 2 });
    const empty = await syncAccount({ client: chainClient(net), network: net, store: reloaded }, account);
    expect(empty).toMatchObject({ changed: true, itemsChanged: false });
  });

  it('a reorganisation removes the items of the blocks it undid', async () => {
    const node = testNode(chain.url);
    const account = demoAddress(6);
    const net = network(chain.url);
    const store = memoryActivityStore();
    await node.sendTransaction({ account: demoAddress(7), to: account, value: 1n, chain: node.chain });
    const snapshot = await node.snapshot();
    await node.sendTransaction({ account: demoAddress(7), to: account, value: 2n, chain: node.chain });
    await node.sendTransaction({ account: demoAddress(7), to: account, value: 3n, chain: node.chain });
    await syncAccount({ client: chainClient(net), network: net, store }, account);
    expect((await store.items(net.chainId, account)).map((i) => i.amount).sort()).toEqual([1n, 2n, 3n]);

    await node.revert({ id: snapshot });
    // The new chain takes another path from the fork: a different transfer, then more blocks.
    await node.sendTransaction({ account: demoAddress(8), to: account, value: 9n, chain: node.chain });
    await node.mine({ blocks: 3 });
    const after = await syncAccount({ client: chainClient(net), network: net, store }, account);
    expect(after.itemsChanged).toBe(true);
    expect((await store.items(net.chainId, account)).map((i) => i.amount).sort()).toEqual([1n, 9n]);
  });
});
