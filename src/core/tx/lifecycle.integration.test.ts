// The transaction lifecycle while transactions stay pending: this file runs its own chain with
// automining off (the shared test chain mines at once), and reorganises it with snapshots.
import { parseEther } from 'viem';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSigner, recordingService, testFees, testNetwork, testNode } from '@/testing/txFixtures';
import { type LocalChain, startChain } from '../../../devchain/chain.ts';
import { demoAddress } from '../../../devchain/seed.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { isCairnError } from '../errors/base';
import { renderMessage } from '../i18n/message';
import { planReplacement } from './replacement';

let chain: LocalChain;
let node: ReturnType<typeof testNode>;
beforeAll(async () => {
  chain = await startChain({ port: await findFreePort() });
  node = testNode(chain.url);
  await node.setAutomine(false);
});
afterAll(async () => {
  await chain?.stop();
});

const network = () => testNetwork(chain.url);
const accountAt = demoSigner;
const service = recordingService;
const fees = testFees;

describe('pending transactions', () => {
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
    const faster = await txs.replace(net, account, original, await planReplacement(net, original, 'speed-up'));
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
    const cancel = await txs.replace(net, account, original, await planReplacement(net, original, 'cancel'));
    expect(cancel).toMatchObject({ to: account.address, value: 0n, nonce: original.nonce });
    await node.mine({ blocks: 1 });
    const changes = await txs.track(net);
    expect(changes.map((c) => [c.record.kind, c.record.status])).toEqual(
      expect.arrayContaining([
        ['cancel', 'confirmed'],
        ['transfer', 'replaced'],
      ]),
    );
    // The nonce was used by the cancel, and the 1 ETH never left.
    expect(await node.getTransactionCount({ address: account.address })).toBe(original.nonce + 1);
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
    // Seen at one head only: it could be a lagging node, so nothing is decided yet.
    expect((await store.get(record.id))?.status).toBe('pending');
    await node.mine({ blocks: 1 });
    await txs.track(net);
    expect((await store.get(record.id))?.status).toBe('dropped');
  });
});

describe('refusals, reorganisations and chosen nonces', () => {
  it('marks a transaction the node refuses for good as rejected and frees its nonce', async () => {
    const { txs, store } = service();
    const net = network();
    const account = await accountAt(3);
    const balance = await node.getBalance({ address: account.address });
    const refused = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to: demoAddress(4), value: balance, data: '0x' },
      gas: 21_000n,
      fees,
    });
    expect(refused.status).toBe('rejected');
    expect(renderMessage(refused.broadcastError ?? '')).toMatch(/enough funds/i);
    // Not retried by tracking, and its nonce goes to the next send.
    await txs.track(net);
    expect((await store.get(refused.id))?.status).toBe('rejected');
    const next = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to: demoAddress(4), value: 1n, data: '0x' },
      gas: 21_000n,
      fees,
    });
    expect(next).toMatchObject({ nonce: refused.nonce, status: 'pending' });
    await node.mine({ blocks: 1 });
    await txs.track(net);
  });

  it('refuses a speed-up the balance cannot carry, before signing; a cancel still works', async () => {
    const { txs, store } = service();
    const net = network();
    const account = await accountAt(5);
    const balance = await node.getBalance({ address: account.address });
    const everything = balance - 21_000n * fees.maxFeePerGas;
    const original = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to: demoAddress(6), value: everything, data: '0x' },
      gas: 21_000n,
      fees,
    });
    expect(original.status).toBe('pending');
    const plan = await planReplacement(net, original, 'speed-up');
    expect(plan.enough).toBe(false);
    const refusal = await txs.replace(net, account, original, plan).catch((e: unknown) => e);
    expect(isCairnError(refusal) && refusal.code).toBe('TX_REPLACEMENT_FUNDS');
    expect((await store.forAccount(net.chainId, account.address)).length).toBe(1);
    const cancelPlan = await planReplacement(net, original, 'cancel');
    const cancel = await txs.replace(net, account, original, cancelPlan);
    expect(cancel.status).toBe('pending');
    expect((await store.get(original.id))?.replacedBy).toBe(cancel.id);
    await node.mine({ blocks: 1 });
    await txs.track(net);
    expect((await store.get(original.id))?.status).toBe('replaced');
  });

  it('refuses a chosen nonce held by a pending transaction, and a gap filler for a nonce no longer missing', async () => {
    const { txs } = service();
    const net = network();
    const account = await accountAt(7);
    const pending = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to: demoAddress(8), value: 1n, data: '0x' },
      gas: 21_000n,
      fees,
    });
    const taken = await txs
      .submit({
        network: net,
        account,
        kind: 'transfer',
        call: { to: demoAddress(8), value: 2n, data: '0x' },
        gas: 21_000n,
        fees,
        nonce: pending.nonce,
      })
      .catch((e: unknown) => e);
    expect(isCairnError(taken) && taken.message).toMatch(/speed it up or cancel it/);
    const market = { kind: 'eip1559' as const, baseFee: 10n ** 9n, tips: { slow: 1n, normal: 1n, fast: 1n } };
    const filled = await txs.fillGap(net, account, pending.nonce - 1, market).catch((e: unknown) => e);
    expect(isCairnError(filled) && filled.message).toMatch(/no longer missing/);
    await node.mine({ blocks: 1 });
    await txs.track(net);
  });

  it('a reorganisation that undoes a confirmed transaction makes it pending again, then it is mined again', async () => {
    const { txs, store } = service();
    const net = network();
    const account = await accountAt(9);
    const record = await txs.submit({
      network: net,
      account,
      kind: 'transfer',
      call: { to: demoAddress(10), value: 11n, data: '0x' },
      gas: 21_000n,
      fees,
    });
    const snapshot = await node.snapshot();
    await node.mine({ blocks: 1 });
    await txs.track(net);
    expect((await store.get(record.id))?.status).toBe('confirmed');
    await node.revert({ id: snapshot });
    await txs.track(net);
    expect((await store.get(record.id))?.status).toBe('pending');
    // The reverted chain may have lost it from the mempool too: tracking sends the same bytes again.
    await txs.track(net);
    await node.mine({ blocks: 1 });
    await txs.track(net);
    expect(await store.get(record.id)).toMatchObject({ status: 'confirmed', confirmations: 1 });
    expect((await node.getTransactionReceipt({ hash: record.hash })).status).toBe('success');
  });
});
