import { erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { demoSigner, recordingService, testFees, testNetwork, testNode } from '@/testing/txFixtures';
import { demoAddress, demoContractAddresses } from '../../../devchain/seed.ts';
import { theirWords } from '../errors/theirWords';
import { msg } from '../i18n/message';
import { transferCall } from './transfer';

const url = localChainUrl();
const node = testNode(url);
const tokens = demoContractAddresses();
const network = (rpc = url) => testNetwork(rpc);
const accountAt = demoSigner;
const service = recordingService;
const fees = testFees;

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
    expect(change?.record).toMatchObject({
      status: 'failed',
      failureReason: theirWords('ERC20: transfer amount exceeds balance'),
    });
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
    const failed500 = msg('core.chain:node.httpFailed', { status: '500' });
    expect(record).toMatchObject({ status: 'signed', broadcastError: failed500 });
    expect((await store.get(record.id))?.raw).toBe(record.raw);
    // Views learn of the error even though the status did not change.
    expect(stored.at(-1)).toMatchObject({ status: 'signed', broadcastError: failed500 });
    proxy.setFault({ kind: 'none' });
    const changes = await txs.track(net);
    expect(changes.map((c) => c.record.status)).toEqual(['pending']);
    expect(await txs.track(net)).toMatchObject([{ record: { status: 'confirmed', hash: record.hash } }]);
  });
});
