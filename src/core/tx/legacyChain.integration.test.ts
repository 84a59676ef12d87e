// Sending on a chain without EIP-1559 (a Berlin-rules node): legacy gas prices end to end.
import { createTestClient, hexToBytes, http, parseEther, publicActions } from 'viem';
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
import { prepareSend } from './prepare';
import { TransactionService } from './transactionService';
import { memoryTxStore } from './txStore';

let chain: LocalChain;
beforeAll(async () => {
  chain = await startChain({ port: await findFreePort(), hardfork: 'berlin' });
});
afterAll(async () => {
  await chain?.stop();
});

describe('a legacy (pre-EIP-1559) chain', () => {
  it('reads a gas price, prepares legacy fees and sends a legacy transaction that is mined', async () => {
    const node = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(chain.url) }).extend(
      publicActions,
    );
    const network = localNetwork(chain.url);
    const market = await readFeeMarket(chainClient(network));
    expect(market.kind).toBe('legacy');

    const key = generatePrivateKey();
    const from = privateKeyToAccount(key).address;
    await node.setBalance({ address: from, value: parseEther('1') });
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const prepared = await prepareSend({
      network,
      from,
      recipient: to,
      asset: { kind: 'native', symbol: 'ETH', decimals: 18 },
      amount: parseEther('0.1'),
      max: false,
      preset: 'normal',
    });
    expect(prepared.fees.kind).toBe('legacy');
    expect(prepared.gasLimit).toBe(21_000n);

    const store = memoryTxStore();
    const txs = new TransactionService({ store, locks: memoryLocks() });
    const record = await txs.submit({
      network,
      account: vaultAccount(from, async () => hexToBytes(key)),
      kind: 'transfer',
      call: prepared.call,
      gas: prepared.gasLimit,
      fees: prepared.fees,
    });
    const mined = await node.getTransaction({ hash: record.hash });
    expect(mined.type).toBe('legacy');
    if (prepared.fees.kind === 'legacy') expect(mined.gasPrice).toBe(prepared.fees.gasPrice);
    await txs.track(network);
    expect((await store.get(record.id))?.status).toBe('confirmed');
    expect(await node.getBalance({ address: to })).toBe(parseEther('0.1'));
  });
});
