import { createTestClient, erc20Abi, http, parseEther, parseUnits, publicActions, walletActions } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { chainClient } from '../chain/client';
import { DEMO_MNEMONIC } from '../chain/localChain';
import { localNetwork, type Network } from '../chain/networks';
import { derivePrivateKey, nfkdBytes, seedFromPhrase } from '../keys/hd';
import { vaultAccount } from '../signing/vaultAccount';
import { readFeeMarket } from './fees';
import { memoryLocks } from './locks';
import type { TxRecord } from './record';
import { TransactionService, type TxChange } from './transactionService';
import { transferCall } from './transfer';
import { memoryTxStore, type TxStore } from './txStore';

const url = inject('localChainUrl');
const node = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) })
  .extend(publicActions)
  .extend(walletActions);
const tokens = demoContractAddresses();
let counter = 0;
const network = (rpc = url): Network => ({ ...localNetwork(rpc), id: `tx-test-${counter++}` });

async function accountAt(index: number) {
  const seed = await seedFromPhrase(nfkdBytes(DEMO_MNEMONIC));
  const key = derivePrivateKey(seed, `m/44'/60'/0'/0/${index}`);
  return vaultAccount(demoAddress(index), async () => key.slice());
}

function service(store: TxStore = memoryTxStore()) {
  const changes: TxChange[] = [];
  const statusesAtPut: string[] = [];
  const stored: TxRecord[] = [];
  const watched: TxStore = {
    ...store,
    async put(record: TxRecord) {
      statusesAtPut.push(record.status);
      await store.put(record);
    },
  };
  return {
    txs: new TransactionService({
      store: watched,
      locks: memoryLocks(),
      onChange: (c) => changes.push(c),
      onStored: (r) => stored.push(r),
    }),
    store,
    changes,
    stored,
    statusesAtPut,
  };
}

const fees = { kind: 'eip1559' as const, maxFeePerGas: parseUnits('5', 9), maxPriorityFeePerGas: parseUnits('1', 9) };

describe('sending and tracking against the local node', () => {
  it('stores the signed transaction before broadcasting it, then tracks it to confirmed', async () => {
    const { txs, statusesAtPut, changes } = service();
    const net = network();
    const account = await accountAt(10);
    const to = demoAddress(11);
    const before = await node.getBalance({ address: to });
    const record = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to, value: parseEther('1.25'), data: '0x' },
      gas: 21_000n,
      fees,
    });
    expect(statusesAtPut[0]).toBe('signed');
    expect(record.status).toBe('pending');
    expect(record.nonce).toBe((await node.getTransactionCount({ address: account.address })) - 1);
    const [change] = await txs.track(net);
    expect(change?.record).toMatchObject({ status: 'confirmed', confirmations: 1 });
    expect(changes.map((c) => c.record.status)).toEqual(['pending', 'confirmed']);
    expect(await node.getBalance({ address: to })).toBe(before + parseEther('1.25'));
  });

  it('sends a no-bool (USDT-like) token and a 6-decimal token', async () => {
    const { txs } = service();
    const net = network();
    const account = await accountAt(0);
    for (const token of [tokens.USDT, tokens.USDC]) {
      const before = await node.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [demoAddress(12)],
      });
      const call = transferCall({
        from: account.address,
        to: demoAddress(12),
        asset: { kind: 'token', address: token, symbol: 'T', decimals: 6 },
        amount: 1_500_000n,
      });
      await txs.submit({ network: net, account, kind: 'transfer', call, gas: 80_000n, fees });
      const [change] = await txs.track(net);
      expect(change?.record.status).toBe('confirmed');
      expect(
        await node.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [demoAddress(12)] }),
      ).toBe(before + 1_500_000n);
    }
  });

  it('reports a reverted transaction as failed, with the decoded reason', async () => {
    const { txs } = service();
    const net = network();
    const account = await accountAt(13);
    const call = transferCall({
      from: account.address,
      to: demoAddress(1),
      asset: { kind: 'token', address: tokens.DAI, symbol: 'DAI', decimals: 18 },
      amount: 1n,
    });
    await txs.submit({ network: net, account, kind: 'transfer', call, gas: 80_000n, fees });
    const [change] = await txs.track(net);
    expect(change?.record).toMatchObject({ status: 'failed', failureReason: 'ERC20: transfer amount exceeds balance' });
  });

  it('refuses to sign for a node that answers for another chain, storing nothing', async () => {
    const { txs, store } = service();
    const wrong = { ...network(), chainId: 1 };
    const account = await accountAt(10);
    await expect(
      txs.submit({
        network: wrong,
        account,
        kind: 'transfer',
        call: { to: demoAddress(2), value: 1n, data: '0x' },
        gas: 21_000n,
        fees,
      }),
    ).rejects.toMatchObject({
      code: 'CHAIN_WRONG_CHAIN',
    });
    expect(await store.forChain(1)).toEqual([]);
  });

  it('gives concurrent sends of one account distinct nonces', async () => {
    const { txs } = service();
    const net = network();
    const account = await accountAt(14);
    const send = () =>
      txs.submit({
        network: net,
        account,
        kind: 'transfer',
        call: { to: demoAddress(3), value: 1n, data: '0x' },
        gas: 21_000n,
        fees,
      });
    const records = await Promise.all([send(), send(), send()]);
    expect(new Set(records.map((r) => r.nonce)).size).toBe(3);
    const changes = await txs.track(net);
    expect(changes.filter((c) => c.record.status === 'confirmed')).toHaveLength(3);
  });
});

describe('pending transactions (automine off)', () => {
  beforeAll(async () => {
    await node.setAutomine(false);
  });
  afterAll(async () => {
    await node.setAutomine(true);
  });

  it('speeds up: the replacement confirms and the original is marked replaced', async () => {
    const { txs } = service();
    const net = network();
    const account = await accountAt(15);
    const original = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to: demoAddress(4), value: 7n, data: '0x' },
      gas: 21_000n,
      fees,
    });
    expect((await txs.track(net)).length).toBe(0);
    const faster = await txs.speedUp(net, account, original, await readFeeMarket(chainClient(net)));
    expect(faster.nonce).toBe(original.nonce);
    expect(faster.status).toBe('pending');
    await node.mine({ blocks: 1 });
    const changes = await txs.track(net);
    expect(changes.map((c) => [c.record.kind, c.record.status])).toEqual(
      expect.arrayContaining([
        ['speed-up', 'confirmed'],
        ['transfer', 'replaced'],
      ]),
    );
  });

  it('cancels with a 0-value transfer to oneself at the same nonce', async () => {
    const { txs } = service();
    const net = network();
    const account = await accountAt(16);
    const recipient = demoAddress(5);
    const before = await node.getBalance({ address: recipient });
    const original = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to: recipient, value: parseEther('1'), data: '0x' },
      gas: 21_000n,
      fees,
    });
    const cancel = await txs.cancel(net, account, original, await readFeeMarket(chainClient(net)));
    expect(cancel).toMatchObject({ to: account.address, value: 0n, nonce: original.nonce });
    await node.mine({ blocks: 1 });
    await txs.track(net);
    expect(await node.getBalance({ address: recipient })).toBe(before);
  });

  it('re-broadcasts the same bytes when the node forgets a pending transaction', async () => {
    const { txs, store } = service();
    const net = network();
    const account = await accountAt(17);
    const record = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to: demoAddress(6), value: 3n, data: '0x' },
      gas: 21_000n,
      fees,
    });
    await node.request({ method: 'hardhat_dropTransaction', params: [record.hash] } as never);
    expect(await node.getTransaction({ hash: record.hash }).catch(() => undefined)).toBeUndefined();
    await txs.track(net);
    expect((await node.getTransaction({ hash: record.hash })).hash).toBe(record.hash);
    await node.mine({ blocks: 1 });
    await txs.track(net);
    expect((await store.get(record.id))?.status).toBe('confirmed');
  });

  it('marks a transaction dropped when another one outside Cairn used its nonce', async () => {
    const { txs, store } = service();
    const net = network();
    const account = await accountAt(18);
    const record = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to: demoAddress(7), value: 5n, data: '0x' },
      gas: 21_000n,
      fees,
    });
    await node.request({ method: 'hardhat_dropTransaction', params: [record.hash] } as never);
    await node.sendTransaction({
      account: account.address,
      to: demoAddress(8),
      value: 1n,
      nonce: record.nonce,
      chain: hardhat,
    });
    await node.mine({ blocks: 1 });
    await txs.track(net);
    expect((await store.get(record.id))?.status).toBe('dropped');
  });
});

describe('when the broadcast fails', () => {
  let proxy: RpcFaultProxy;
  beforeAll(async () => {
    proxy = await startRpcFaultProxy(url);
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('keeps the signed transaction with the error and retries the same bytes later', async () => {
    const { txs, store, stored } = service();
    const net = network(proxy.url);
    const account = await accountAt(19);
    proxy.setFault({ kind: 'status', status: 500, methods: ['eth_sendRawTransaction'] });
    const record = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to: demoAddress(9), value: 9n, data: '0x' },
      gas: 21_000n,
      fees,
    });
    expect(record).toMatchObject({ status: 'signed', broadcastError: 'The node failed with HTTP status 500.' });
    expect((await store.get(record.id))?.raw).toBe(record.raw);
    // Views learn of the error even though the status did not change.
    expect(stored.at(-1)).toMatchObject({ status: 'signed', broadcastError: 'The node failed with HTTP status 500.' });
    proxy.setFault({ kind: 'none' });
    const changes = await txs.track(net);
    expect(changes.map((c) => c.record.status)).toEqual(['pending']);
    expect(await txs.track(net)).toMatchObject([{ record: { status: 'confirmed', hash: record.hash } }]);
  });
});
