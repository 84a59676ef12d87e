import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { TxRecord } from '../tx/record';
import { toStored } from '../tx/txStore';
import { indexedDbTxStore, openCairnDatabase } from './database';

const from = '0x00000000000000000000000000000000000000aa' as const;

function record(id: string, nonce: number): TxRecord {
  return {
    id,
    kind: 'transfer',
    networkId: 'local',
    chainId: 31337,
    from,
    nonce,
    to: '0x00000000000000000000000000000000000000bb',
    value: 10n ** 18n,
    data: '0x',
    gas: 21_000n,
    fees: { kind: 'eip1559', maxFeePerGas: 2n, maxPriorityFeePerGas: 1n },
    hash: `0x${id.padStart(64, '0')}`,
    raw: '0x02f8',
    intent: { asset: { kind: 'native', symbol: 'ETH', decimals: 18 }, amount: 10n ** 18n, recipient: from },
    status: 'pending',
    createdAt: nonce,
    updatedAt: nonce,
    revision: 0,
    replaces: undefined,
    replacedBy: undefined,
    blockNumber: undefined,
    confirmations: 0,
    failureReason: undefined,
    broadcastError: undefined,
    lastBroadcastAt: undefined,
  };
}

describe('transaction records in IndexedDB', () => {
  it('round-trips records, bigints included', async () => {
    const db = await openCairnDatabase(`tx-${Math.random()}`);
    const store = indexedDbTxStore(db);
    await store.put(record('1', 0));
    await store.put({ ...record('2', 1), blockNumber: 7n, status: 'confirmed' });
    expect(await store.forAccount(31337, from.toUpperCase().replace('0X', '0x'))).toEqual([
      record('1', 0),
      { ...record('2', 1), blockNumber: 7n, status: 'confirmed' },
    ]);
    expect(await store.damaged()).toEqual([]);
  });

  it('skips a damaged record in listings, keeps it untouched, and hands it out as stored', async () => {
    const db = await openCairnDatabase(`tx-${Math.random()}`);
    const store = indexedDbTxStore(db);
    await store.put(record('1', 0));
    const damaged = { ...toStored(record('2', 1)), value: 'not a number', nonce: -1 };
    await db.put('transactions', damaged);
    await db.put('transactions', { id: '3', chainId: 31337, fromKey: `31337:${from}` });
    expect((await store.forAccount(31337, from)).map((r) => r.id)).toEqual(['1']);
    expect((await store.forChain(31337)).map((r) => r.id)).toEqual(['1']);
    expect(await store.damaged()).toEqual(
      expect.arrayContaining([damaged, { id: '3', chainId: 31337, fromKey: `31337:${from}` }]),
    );
    await expect(store.get('2')).rejects.toThrow(/damaged transaction record/);
    expect(await db.get('transactions', '2')).toEqual(damaged);
  });

  it('stores a changed record only if no other window changed it since it was read', async () => {
    const db = await openCairnDatabase(`tx-${Math.random()}`);
    const store = indexedDbTxStore(db);
    await store.put(record('1', 0));
    const read = (await store.get('1')) as ReturnType<typeof record>;
    const [first, second] = await Promise.all([
      store.putIfUnchanged({ ...read, status: 'confirmed', blockNumber: 9n }),
      store.putIfUnchanged({ ...read, confirmations: 3 }),
    ]);
    expect(first).toMatchObject({ status: 'confirmed', revision: 1 });
    expect(second).toBeUndefined();
    expect(await store.get('1')).toMatchObject({ status: 'confirmed', confirmations: 0, revision: 1 });
    // A record stored before revisions existed reads as revision 0, and can be changed.
    const { revision: _, ...old } = toStored(record('4', 2));
    await db.put('transactions', old);
    const legacy = await store.get('4');
    expect(legacy?.revision).toBe(0);
    expect(await store.putIfUnchanged({ ...(legacy as ReturnType<typeof record>), status: 'dropped' })).toMatchObject({
      revision: 1,
    });
  });
});
