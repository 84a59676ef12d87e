// One account's history on two networks at once, as the app syncs it: the local chain and a local
// OP Stack chain, each through its own node (a counting proxy each), each with its own status. A
// new block on both costs one request carrying eth_getLogs per network; a node that limits log
// ranges has its span learnt for it alone; a node that fails leaves the other network's history whole.
import { type Address, erc20Abi, type Hex, pad, parseUnits } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { useLocalOpChain } from '@/testing/localOpChain';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { opContractAddresses } from '../../../devchain/opSeed.ts';
import { demoAddress, seedClient } from '../../../devchain/seedSupport.ts';
import { memoryApprovalStore } from '../approvals/approvalStore';
import { scanApprovals } from '../approvals/scanApprovals';
import { readChainHead } from '../chain/chainHead';
import { chainClient, holdBackgroundBatch } from '../chain/client';
import { LOCAL_CHAIN_ID, LOCAL_OP_CHAIN_ID } from '../chain/localChain';
import { learntSpansOf } from '../chain/logSpan';
import { localNetwork, localOpNetwork, type Network } from '../chain/networks';
import { memoryActivityStore } from './activityStore';
import { followAccounts } from './followAccounts';
import { createHistorySync } from './historySync';
import { syncAccounts } from './sync';
import { syncStatusKey } from './syncStatus';

const account = demoAddress(0);
let op: ReturnType<typeof useLocalOpChain>;
let l1Proxy: RpcFaultProxy;
let opProxy: RpcFaultProxy;
let counter = 0;

/** Both networks through their proxies, with ids of their own (nothing kept from another test answers). */
function networks(): { l1: Network; op: Network } {
  counter++;
  return {
    l1: { ...localNetwork([l1Proxy.url]), id: `across-l1-${counter}` },
    op: { ...localOpNetwork([opProxy.url]), id: `across-op-${counter}` },
  };
}

/** The app's history sync (as app/windowHistorySync.ts wires it), over one activity store for every network. */
function historySync() {
  const store = memoryActivityStore();
  const approvals = memoryApprovalStore();
  const deps = (network: Network) => ({ client: chainClient(network, 'background'), network, store });
  const history = createHistorySync(
    async () => ({
      follow: (network, accounts, head, asking) => followAccounts(deps(network), accounts, head, asking),
      sync: (network, accounts, onProgress) => syncAccounts(deps(network), accounts, onProgress),
      scanApprovals: (network, who) =>
        scanApprovals({ client: chainClient(network, 'background'), store: approvals }, who),
    }),
    holdBackgroundBatch,
  );
  const status = (network: Network) => history.status.getState().byKey[syncStatusKey(network.id, account)];
  return { history, store, status };
}

/** The seeded OP history's transactions that moved something into or out of `who`, from their receipts. */
async function opHistoryOf(who: Address): Promise<Set<string>> {
  const node = seedClient(op.current().chain.url, LOCAL_OP_CHAIN_ID);
  const topic = pad(who.toLowerCase() as Hex, { size: 32 });
  const mine = new Set<string>();
  for (const hash of op.current().manifest.history) {
    const [tx, receipt] = await Promise.all([node.getTransaction({ hash }), node.getTransactionReceipt({ hash })]);
    const moved =
      tx.from.toLowerCase() === who.toLowerCase() ||
      (tx.to?.toLowerCase() === who.toLowerCase() && tx.value > 0n) ||
      receipt.logs.some((log) => log.topics.slice(1).includes(topic));
    if (moved) mine.add(hash.toLowerCase());
  }
  return mine;
}

describe('one account’s history across the local chain and the local OP chain', () => {
  op = useLocalOpChain();
  beforeAll(async () => {
    l1Proxy = await startRpcFaultProxy(localChainUrl());
    opProxy = await startRpcFaultProxy(op.current().chain.url);
  });
  afterAll(async () => {
    await l1Proxy?.close();
    await opProxy?.close();
  });
  afterEach(() => {
    l1Proxy.setFault({ kind: 'none' });
    opProxy.setFault({ kind: 'none' });
  });

  it('syncs both at once, each through its own node, each item on its own chain', async () => {
    const { l1, op: opNet } = networks();
    const { history, store, status } = historySync();
    await Promise.all([history.request(l1, account), history.request(opNet, account)]);
    const [l1Items, opItems] = await Promise.all([
      store.items(LOCAL_CHAIN_ID, account),
      store.items(LOCAL_OP_CHAIN_ID, account),
    ]);
    // The OP chain's seeded history of the account, every transaction of it, and nothing of the other chain.
    const expected = await opHistoryOf(account);
    expect(expected.size).toBeGreaterThan(0);
    const opHashes = new Set(opItems.map((i) => i.hash.toLowerCase()));
    for (const hash of expected) expect(opHashes, hash).toContain(hash);
    expect(opItems.every((i) => i.chainId === LOCAL_OP_CHAIN_ID)).toBe(true);
    expect(l1Items.length).toBeGreaterThan(0);
    expect(l1Items.every((i) => i.chainId === LOCAL_CHAIN_ID)).toBe(true);
    expect(l1Items.some((i) => opHashes.has(i.hash.toLowerCase()))).toBe(false);
    // Each up to its own chain's head, read from its own node.
    const [l1Head, opHead] = await Promise.all([
      seedClient(localChainUrl()).getBlockNumber(),
      seedClient(op.current().chain.url, LOCAL_OP_CHAIN_ID).getBlockNumber(),
    ]);
    expect(status(l1)).toMatchObject({ running: false, error: undefined, syncedTo: l1Head });
    expect(status(opNet)).toMatchObject({ running: false, error: undefined, syncedTo: opHead });
    expect(l1Proxy.calls.eth_getLogs).toBeGreaterThan(0);
    expect(opProxy.calls.eth_getLogs).toBeGreaterThan(0);
  });

  it('follows a new block on both with one request carrying eth_getLogs per network, and finds what it brought', async () => {
    const { l1, op: opNet } = networks();
    const { history, store } = historySync();
    await Promise.all([history.request(l1, account), history.request(opNet, account)]);
    const l1Node = seedClient(localChainUrl());
    const opNode = seedClient(op.current().chain.url, LOCAL_OP_CHAIN_ID);
    const snapshot = await l1Node.snapshot();
    try {
      // A transfer to the account on each chain: a new block on both.
      const usdc = opContractAddresses().USDC;
      const [l1Sent, opSent] = await Promise.all([
        l1Node.sendTransaction({ account: demoAddress(1), to: account, value: 1234n, chain: null }),
        opNode.writeContract({
          account: demoAddress(1),
          address: usdc,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [account, parseUnits('1.5', 6)],
          chain: null,
        }),
      ]);
      await Promise.all([
        l1Node.waitForTransactionReceipt({ hash: l1Sent }),
        opNode.waitForTransactionReceipt({ hash: opSent }),
      ]);
      // The shared heads, as the app's head follower reads them (the local chains' blocks come whole).
      const [l1Head, opHead] = await Promise.all([
        readChainHead(chainClient(l1), l1, { withTransactions: true }),
        readChainHead(chainClient(opNet), opNet, { withTransactions: true }),
      ]);
      for (const proxy of [l1Proxy, opProxy]) proxy.resetCounts();
      await Promise.all([history.follow(l1, [account], l1Head.block), history.follow(opNet, [account], opHead.block)]);
      for (const proxy of [l1Proxy, opProxy]) {
        expect(proxy.requests).toBe(1);
        expect(proxy.calls.eth_getLogs).toBe(3);
      }
      const [l1Items, opItems] = await Promise.all([
        store.items(LOCAL_CHAIN_ID, account),
        store.items(LOCAL_OP_CHAIN_ID, account),
      ]);
      expect(l1Items.some((i) => i.hash === l1Sent && i.direction === 'in' && i.amount === 1234n)).toBe(true);
      expect(
        opItems.some(
          (i) => i.hash === opSent && i.asset.kind === 'erc20' && i.direction === 'in' && i.amount === 1_500_000n,
        ),
      ).toBe(true);
    } finally {
      await l1Node.revert({ id: snapshot });
    }
  });

  it('learns the log span a node refuses for that network alone', async () => {
    const { l1, op: opNet } = networks();
    const { history, store, status } = historySync();
    opProxy.setFault({ kind: 'logRangeLimit', maxBlocks: 5 });
    await Promise.all([history.request(l1, account), history.request(opNet, account)]);
    expect(status(opNet)).toMatchObject({ error: undefined });
    expect(status(l1)).toMatchObject({ error: undefined });
    expect(learntSpansOf(chainClient(opNet, 'background'))).toEqual({ limit: 5n });
    expect(learntSpansOf(chainClient(l1, 'background'))).toEqual({});
    expect((await store.state(LOCAL_OP_CHAIN_ID, account))?.logSpan).toBeLessThanOrEqual(5n);
    expect((await store.state(LOCAL_CHAIN_ID, account))?.logSpan).toBeGreaterThan(5n);
  });

  it('keeps one network’s history whole and up to date while the other’s node fails', async () => {
    const { l1, op: opNet } = networks();
    const { history, store, status } = historySync();
    opProxy.setFault({ kind: 'status', status: 500 });
    await Promise.all([history.request(l1, account), history.request(opNet, account)]);
    expect(status(opNet)?.error).toMatchObject({ code: expect.stringMatching(/^CHAIN_/) });
    expect(status(opNet)?.syncedTo).toBeUndefined();
    expect(status(l1)).toMatchObject({ error: undefined, syncedTo: expect.any(BigInt) });
    expect((await store.items(LOCAL_CHAIN_ID, account)).length).toBeGreaterThan(0);
    expect(await store.items(LOCAL_OP_CHAIN_ID, account)).toEqual([]);
    // Back: the OP chain's history comes, the local chain's stays as it was.
    const before = (await store.items(LOCAL_CHAIN_ID, account)).length;
    opProxy.setFault({ kind: 'none' });
    await history.request(opNet, account);
    expect(status(opNet)).toMatchObject({ error: undefined, syncedTo: expect.any(BigInt) });
    expect((await store.items(LOCAL_OP_CHAIN_ID, account)).length).toBeGreaterThan(0);
    expect((await store.items(LOCAL_CHAIN_ID, account)).length).toBe(before);
  });
});
