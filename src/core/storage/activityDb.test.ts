import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { type ActivityItem, activityItem } from '../activity/item';
import { indexedDbActivityStore } from './activityDb';
import { openCairnDatabase } from './database';

const ACCOUNT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const PEER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const TOKEN: Address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

const transfer = (n: number, block: bigint, source: ActivityItem['source'] = 'logs'): ActivityItem =>
  activityItem(`log:${n}`, {
    chainId: 1,
    account: ACCOUNT,
    hash: hash(n),
    blockNumber: block,
    timestamp: 1_700_000_000 + n,
    txIndex: n % 500,
    logIndex: n % 500,
    direction: n % 2 ? 'in' : 'out',
    counterparty: PEER,
    asset: { kind: 'erc20', address: TOKEN },
    amount: BigInt(n) * 10n ** 18n,
    fee: undefined,
    failed: false,
    source,
  });

const open = async () => indexedDbActivityStore(await openCairnDatabase(`activity-${Math.random()}`));

describe('the IndexedDB activity store', () => {
  it('stores a long history in one replace and reads every item back', async () => {
    const store = await open();
    const items = Array.from({ length: 5_000 }, (_, n) => transfer(n, BigInt(Math.floor(n / 500))));
    expect(await store.replace({ chainId: 1, account: ACCOUNT, fromBlock: 0n, sources: ['logs'], items })).toBe(true);
    const read = await store.items(1, ACCOUNT);
    expect(read).toHaveLength(5_000);
    const byId = new Map(read.map((i) => [i.id, i]));
    expect(
      items.every(
        (i) => JSON.stringify(byId.get(i.id), (_, v) => String(v)) === JSON.stringify(i, (_, v) => String(v)),
      ),
    ).toBe(true);
  });

  it('keeps a record per block and source, not per item', async () => {
    const db = await openCairnDatabase(`activity-${Math.random()}`);
    const store = indexedDbActivityStore(db);
    const items = Array.from({ length: 5_000 }, (_, n) => transfer(n, BigInt(Math.floor(n / 500))));
    await store.replace({ chainId: 1, account: ACCOUNT, fromBlock: 0n, sources: ['logs'], items });
    await store.replace({
      chainId: 1,
      account: ACCOUNT,
      fromBlock: 0n,
      sources: ['scan'],
      items: [transfer(9, 3n, 'scan')],
    });
    expect(await db.count('activityBlocks')).toBe(11);
  });

  it('upgrading from the per-item store drops its items and every sync state, so history is read again', async () => {
    const name = `activity-${Math.random()}`;
    // Version 7's history stores, with an item and the state that says it was synced.
    const old = await openDB(name, 7, {
      upgrade(db) {
        db.createObjectStore('activity', { keyPath: 'id' }).createIndex('byAccountBlock', ['accountKey', 'block']);
        db.createObjectStore('activitySync', { keyPath: 'key' });
      },
    });
    await old.put('activity', { id: 'log:1', accountKey: '1:a', block: 1 });
    await old.put('activitySync', { key: '1:a', headNumber: '9' });
    old.close();
    const db = await openCairnDatabase(name);
    expect([...db.objectStoreNames]).not.toContain('activity');
    expect(await db.count('activitySync')).toBe(0);
    expect(await indexedDbActivityStore(db).items(1, ACCOUNT)).toEqual([]);
  });

  it('replaces only the range and sources asked, and tells whether that changed anything', async () => {
    const store = await open();
    const logs = [transfer(1, 1n), transfer(2, 5n), transfer(3, 9n)];
    const scanned = [transfer(4, 9n, 'scan')];
    await store.replace({ chainId: 1, account: ACCOUNT, fromBlock: 0n, sources: ['logs'], items: logs });
    await store.replace({ chainId: 1, account: ACCOUNT, fromBlock: 0n, sources: ['scan'], items: scanned });
    // The same items again from block 5: nothing changed.
    const again = { chainId: 1, account: ACCOUNT, fromBlock: 5n, sources: ['logs'] as const };
    expect(await store.replace({ ...again, items: logs.slice(1) })).toBe(false);
    // Block 9's transfer gone (a reorganisation): changed, and the scanned item is kept.
    expect(await store.replace({ ...again, items: [logs[1] as ActivityItem] })).toBe(true);
    const ids = (await store.items(1, ACCOUNT)).map((i) => i.id).sort();
    expect(ids).toEqual([logs[0], logs[1], scanned[0]].map((i) => i?.id).sort());
  });
});
