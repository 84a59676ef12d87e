import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { TxRecord } from '../tx/record';
import { toStored } from '../tx/txStore';
import { DATABASE_VERSION, indexedDbTxStore, openCairnDatabase } from './database';

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

  it('reads the watched records alone, through their index, as their changes are stored', async () => {
    const db = await openCairnDatabase(`tx-${Math.random()}`);
    const store = indexedDbTxStore(db);
    await store.put(record('1', 0));
    await store.put({ ...record('2', 1), chainId: 10, networkId: 'optimism', status: 'confirmed', confirmations: 3 });
    await store.put({ ...record('3', 2), status: 'confirmed', confirmations: 12 });
    await store.put({ ...record('4', 3), status: 'dropped' });
    expect((await store.watched()).map((r) => r.id)).toEqual(['1', '2']);
    expect(await db.getAllKeysFromIndex('transactions', 'byWatched')).toEqual(['1', '2']);
    await store.put({ ...record('1', 0), status: 'confirmed', confirmations: 12 });
    expect((await store.watched()).map((r) => r.id)).toEqual(['2']);
    // The mark is the store's: a record reads back without it.
    expect(await store.get('2')).toEqual({
      ...record('2', 1),
      chainId: 10,
      networkId: 'optimism',
      status: 'confirmed',
      confirmations: 3,
    });
  });

  it('marks the watched records stored before the index existed, leaving a damaged one as it was', async () => {
    const name = `tx-${Math.random()}`;
    // The database as the version before the index left it, holding records stored without marks.
    const old = await openDB(name, DATABASE_VERSION - 1, {
      upgrade(db) {
        const transactions = db.createObjectStore('transactions', { keyPath: 'id' });
        transactions.createIndex('byAccount', 'fromKey');
        transactions.createIndex('byChain', 'chainId');
      },
    });
    const unmarked = (r: TxRecord) => {
      const { watched: _mark, ...stored } = toStored(r);
      return stored;
    };
    const damaged = { id: '9', chainId: 31337, status: 'pending' };
    await old.put('transactions', unmarked(record('1', 0)));
    await old.put('transactions', unmarked({ ...record('2', 1), status: 'confirmed', confirmations: 40 }));
    await old.put('transactions', damaged);
    old.close();
    const db = await openCairnDatabase(name);
    const store = indexedDbTxStore(db);
    expect((await store.watched()).map((r) => r.id)).toEqual(['1']);
    // Nothing is lost: the settled record reads back as it was, unmarked.
    expect(await db.count('transactions')).toBe(3);
    expect(await store.get('2')).toEqual({ ...record('2', 1), status: 'confirmed', confirmations: 40 });
    expect(await db.get('transactions', '9')).toEqual(damaged);
  });
});
