import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainUrl } from '@/testing/localChainUrl';
import { type RpcFaultProxy, startRpcFaultProxy } from '@/testing/rpcFaultProxy';
import { demoSigner, recordingService, testFees, testNetwork, testNode } from '@/testing/txFixtures';
import { chainClient } from '../chain/client';
import { LOCAL_CHAIN_ID } from '../chain/localChain';
import { upgradeTransaction } from '../smartAccount/atomicSend';

const url = localChainUrl();
const node = testNode(url);
let proxy: RpcFaultProxy;

beforeAll(async () => {
  proxy = await startRpcFaultProxy(url);
});
afterAll(() => proxy.close());

describe('tracking a transaction that carries EIP-7702 authorizations', () => {
  it('leaves it undecided while the node cannot say whether its authorization took effect', async () => {
    const network = testNetwork(proxy.url);
    const client = chainClient(network);
    const account = await demoSigner(60);
    await node.setBalance({ address: account.address, value: parseEther('1') });
    const nonce = await node.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const upgrade = await upgradeTransaction({ client, chainId: LOCAL_CHAIN_ID }, account, false, nonce);
    const { txs, store } = recordingService();
    const record = await txs.submit({
      network,
      account,
      kind: upgrade.kind,
      call: upgrade.call,
      gas: 100_000n,
      fees: testFees,
      authorizations: upgrade.authorizations,
    });

    proxy.setFault({ kind: 'refuse', code: -32000, message: 'header not found', methods: ['eth_getCode'] });
    expect(await txs.track(network)).toEqual([]);
    expect((await store.get(record.id))?.status).toBe('pending');

    proxy.setFault({ kind: 'none' });
    const [change] = await txs.track(network);
    expect(change?.record).toMatchObject({ id: record.id, status: 'confirmed', kind: 'account-upgrade' });
  });
});
