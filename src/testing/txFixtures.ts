// Test helpers for the transaction service: demo accounts as signers, a service that records
// what it stored and reported, and a node client with Hardhat's test actions.
import { createTestClient, http, parseUnits, publicActions, walletActions } from 'viem';
import { hardhat } from 'viem/chains';
import { demoAddress } from '../../devchain/seed.ts';
import { DEMO_MNEMONIC } from '../core/chain/localChain';
import { localNetwork, type Network } from '../core/chain/networks';
import { derivePrivateKey, nfkdBytes, seedFromPhrase } from '../core/keys/hd';
import { memoryLocks } from '../core/tx/locks';
import type { TxRecord } from '../core/tx/record';
import { TransactionService, type TxChange } from '../core/tx/transactionService';
import { memoryTxStore, type TxStore } from '../core/tx/txStore';
import { vaultAccount } from './vaultAccount';

export function testNode(url: string) {
  return createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(url) })
    .extend(publicActions)
    .extend(walletActions);
}

let counter = 0;
/** The local network at `rpc`, with an id of its own so tests never see each other's records. */
export function testNetwork(rpc: string): Network {
  return { ...localNetwork(rpc), id: `tx-test-${counter++}` };
}

/** Demo account `index` (public Hardhat test phrase) as a signer that reads its key per signature. */
export async function demoSigner(index: number) {
  const seed = await seedFromPhrase(nfkdBytes(DEMO_MNEMONIC));
  const key = derivePrivateKey(seed, `m/44'/60'/0'/0/${index}`);
  return vaultAccount(demoAddress(index), async () => key.slice());
}

/** Fees well above the local chain's base fee. */
export const testFees = {
  kind: 'eip1559' as const,
  maxFeePerGas: parseUnits('5', 9),
  maxPriorityFeePerGas: parseUnits('1', 9),
};

/** A transaction service over a memory store, recording statuses at each put, changes and stored records. */
export function recordingService(store: TxStore = memoryTxStore()) {
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
