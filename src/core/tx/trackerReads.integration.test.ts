// What tracking a mined transaction costs the node block after block: its receipt is read again
// only when the chain may have reorganised or at its last watched confirmation. Its own chain,
// automining off, behind a counting proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { demoSigner, recordingService, testFees, testNetwork, testNode } from '@/testing/txFixtures';
import { type LocalChain, startChain } from '../../../devchain/chain.ts';
import { demoAddress } from '../../../devchain/seed.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { readChainHead } from '../chain/chainHead';
import { chainClient } from '../chain/client';
import { FINAL_CONFIRMATIONS } from './record';

let chain: LocalChain;
let proxy: RpcFaultProxy;
let node: ReturnType<typeof testNode>;
beforeAll(async () => {
  chain = await startChain({ port: await findFreePort() });
  proxy = await startRpcFaultProxy(chain.url);
  node = testNode(chain.url);
  await node.setAutomine(false);
});
afterAll(async () => {
  await proxy?.close();
  await chain?.stop();
});

describe('tracking a mined transaction', () => {
  it('counts its confirmations from the shared head, reading its receipt only after a reorganisation and at the last', async () => {
    const { txs, store } = recordingService();
    const network = testNetwork(proxy.url);
    const head = async () => (await readChainHead(chainClient(network), network)).block;
    const record = await txs.submit({
      network,
      account: await demoSigner(11),
      kind: 'transfer',
      call: { to: demoAddress(12), value: 5n, data: '0x' },
      gas: 21_000n,
      fees: testFees,
    });
    await node.mine({ blocks: 1 });
    await txs.track(network, await head());
    expect((await store.get(record.id))?.status).toBe('confirmed');

    const receipts = () => proxy.calls.eth_getTransactionReceipt ?? 0;
    proxy.resetCounts();
    for (let i = 0; i < 3; i++) {
      await node.mine({ blocks: 1 });
      await txs.track(network, await head());
    }
    expect(receipts()).toBe(0);
    expect((await store.get(record.id))?.confirmations).toBe(4);

    // Blocks the passes skipped: one look at the last head's hash tells nothing was undone.
    await node.mine({ blocks: 3 });
    await txs.track(network, await head());
    expect(receipts()).toBe(0);
    expect(proxy.calls.eth_getBlockByNumber).toBe(3 + 1 + 1);

    // A head that does not follow from the last one (a reorganisation): the receipt is read, and
    // still there.
    const snapshot = await node.snapshot();
    await node.mine({ blocks: 1 });
    await txs.track(network, await head());
    await node.revert({ id: snapshot });
    await node.setNextBlockTimestamp({ timestamp: BigInt(Math.floor(Date.now() / 1000) + 3600) });
    await node.mine({ blocks: 2 });
    // The receipt cannot be read this time: the next pass reads it, though its head follows.
    proxy.setFault({ kind: 'status', status: 500, methods: ['eth_getTransactionReceipt'] });
    await txs.track(network, await head());
    proxy.setFault({ kind: 'none' });
    await node.mine({ blocks: 1 });
    await txs.track(network, await head());
    expect(receipts()).toBe(2);
    expect((await store.get(record.id))?.confirmations).toBe(10);

    // At its last watched confirmation the receipt is read once more, then it is no longer watched.
    for (let confirmations = 10; confirmations < FINAL_CONFIRMATIONS - 1; confirmations++) {
      await node.mine({ blocks: 1 });
      await txs.track(network, await head());
    }
    expect(receipts()).toBe(2);
    await node.mine({ blocks: 1 });
    await txs.track(network, await head());
    expect(receipts()).toBe(3);
    expect((await store.get(record.id))?.confirmations).toBe(FINAL_CONFIRMATIONS);
  });
});
