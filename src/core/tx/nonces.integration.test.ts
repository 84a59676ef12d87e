// Nonce choice and gaps against a real node. This file runs its own chain with automining off,
// so transactions queue behind a missing nonce as they do on a real network.
import { createTestClient, hexToBytes, http, parseEther, publicActions, walletActions } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalChain, startChain } from '../../../devchain/chain.ts';
import { findFreePort } from '../../../scripts/serve/ports.ts';
import { vaultAccount } from '../../testing/vaultAccount';
import { chainClient } from '../chain/client';
import { readFeeMarket } from '../chain/fees';
import { localNetwork } from '../chain/networks';
import { memoryLocks } from './locks';
import { nextNonce, nonceGaps } from './nonces';
import { TransactionService } from './transactionService';
import { memoryTxStore } from './txStore';

let chain: LocalChain;
beforeAll(async () => {
  chain = await startChain({ port: await findFreePort() });
  await testClient().setAutomine(false);
});
afterAll(async () => {
  await chain?.stop();
});

const testClient = () =>
  createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(chain.url) })
    .extend(publicActions)
    .extend(walletActions);

async function fundedKey() {
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  await testClient().setBalance({ address: account.address, value: parseEther('1') });
  return { key, signer: vaultAccount(account.address, async () => hexToBytes(key)), viemAccount: account };
}

describe('nonces against a node that queues transactions', () => {
  it('shows a gap left by a skipped nonce, takes the larger of node and records, and fills the gap', async () => {
    const node = testClient();
    const network = localNetwork(chain.url);
    const store = memoryTxStore();
    const txs = new TransactionService({ store, locks: memoryLocks() });
    const { signer } = await fundedKey();
    const market = await readFeeMarket(chainClient(network));
    if (market.kind !== 'eip1559') throw new Error('the local chain has base fees');
    const fees = { kind: 'eip1559' as const, maxFeePerGas: market.baseFee * 3n, maxPriorityFeePerGas: 10n ** 9n };

    // Nonce 1 chosen by hand: nonce 0 is missing, and the node queues 1 behind it.
    const skipped = await txs.submit({
      network,
      account: signer,
      kind: 'transfer',
      call: { to: signer.address, value: 1n, data: '0x' },
      gas: 21_000n,
      fees,
      nonce: 1,
    });
    expect(skipped.status).toBe('pending');
    const pending = await node.getTransactionCount({ address: signer.address, blockTag: 'pending' });
    expect(pending).toBe(0);
    const records = await store.forAccount(network.chainId, signer.address);
    expect(nonceGaps(pending, records)).toEqual([0]);
    expect(await nextNonce(chainClient(network), signer.address, records)).toBe(2);

    await node.mine({ blocks: 1 });
    expect(await node.getTransactionCount({ address: signer.address })).toBe(0);

    const filler = await txs.fillGap(network, signer, 0, market);
    expect(filler).toMatchObject({ nonce: 0, to: signer.address, value: 0n, kind: 'fill-gap' });
    await node.mine({ blocks: 1 });
    await txs.track(network);
    const after = await store.forAccount(network.chainId, signer.address);
    expect(after.map((r) => [r.nonce, r.status]).sort()).toEqual([
      [0, 'confirmed'],
      [1, 'confirmed'],
    ]);
    expect(nonceGaps(await node.getTransactionCount({ address: signer.address, blockTag: 'pending' }), after)).toEqual(
      [],
    );
  });

  it('skips a nonce another wallet holds in the mempool, and does not call it a gap', async () => {
    const node = testClient();
    const network = localNetwork(chain.url);
    const store = memoryTxStore();
    const txs = new TransactionService({ store, locks: memoryLocks() });
    const { signer, viemAccount } = await fundedKey();
    const market = await readFeeMarket(chainClient(network));
    if (market.kind !== 'eip1559') throw new Error('the local chain has base fees');
    // Another wallet with the same key sends nonce 0; it waits in the node's mempool.
    const outside = await viemAccount.signTransaction({
      chainId: network.chainId,
      nonce: 0,
      to: viemAccount.address,
      value: 0n,
      gas: 21_000n,
      maxFeePerGas: market.baseFee * 3n,
      maxPriorityFeePerGas: 10n ** 9n,
    });
    await node.sendRawTransaction({ serializedTransaction: outside });
    const ours = await txs.submit({
      network,
      account: signer,
      kind: 'transfer',
      call: { to: signer.address, value: 1n, data: '0x' },
      gas: 21_000n,
      fees: { kind: 'eip1559', maxFeePerGas: market.baseFee * 3n, maxPriorityFeePerGas: 10n ** 9n },
    });
    expect(ours.nonce).toBe(1);
    const pending = await node.getTransactionCount({ address: signer.address, blockTag: 'pending' });
    expect(nonceGaps(pending, await store.forAccount(network.chainId, signer.address))).toEqual([]);
    await node.mine({ blocks: 1 });
    await txs.track(network);
    expect((await store.get(ours.id))?.status).toBe('confirmed');
  });
});
