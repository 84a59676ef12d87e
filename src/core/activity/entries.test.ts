import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ApprovalEvent } from '../approvals/approvalEvents';
import type { TxRecord } from '../tx/record';
import { ANY_ENTRY, buildEntries, filterAssetKey, filterEntries, groupByDay } from './entries';
import type { ActivityItem } from './item';

const me = '0x00000000000000000000000000000000000000a1' as Address;
const alice = '0xa11ce00000000000000000000000000000000001' as Address;
const aliceLookalike = '0xa11ceffffffffffffffffffffffffffffff00001' as Address;
const dai = '0x00000000000000000000000000000000000000da' as Address;
const spam = '0x00000000000000000000000000000000000000ee' as Address;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

function item(n: number, over: Partial<ActivityItem>): ActivityItem {
  return {
    id: `x:${n}:${over.logIndex ?? 'tx'}`,
    chainId: 1,
    account: me,
    hash: hash(n),
    blockNumber: BigInt(n),
    timestamp: 1_700_000_000 + n * 3600,
    txIndex: 0,
    logIndex: undefined,
    direction: 'in',
    counterparty: alice,
    asset: { kind: 'native' },
    amount: 1n,
    fee: undefined,
    failed: false,
    source: 'logs',
    ...over,
  };
}

const known = { knownTokens: new Set([dai.toLowerCase()]), knownAddresses: [alice] };

/** The account's entries from synced items and Cairn's own records. */
const entriesOf = (items: ActivityItem[], records: TxRecord[] = []) =>
  buildEntries({ networkId: 'local', account: me, records, ...known, items });

describe('history entries', () => {
  it('marks the transactions the account sent to grant or withdraw approvals, not transfers that spent one', () => {
    const sent = (n: number) => item(n, { direction: 'out', amount: 0n, fee: 21n, counterparty: dai });
    const event = (n: number, amount: bigint, logIndex = 0): ApprovalEvent => ({
      kind: 'erc20',
      token: dai,
      owner: me,
      spender: alice,
      amount,
      unlimited: false,
      blockNumber: BigInt(n),
      transactionHash: hash(n),
      logIndex,
    });
    const entries = buildEntries({
      networkId: 'local',
      account: me,
      records: [],
      ...known,
      items: [
        sent(1),
        sent(2),
        sent(3),
        sent(4),
        // A swap whose transferFrom emitted Approval, and an Approval in someone else's transaction.
        sent(5),
        item(5, { direction: 'out', asset: { kind: 'erc20', address: dai }, amount: 10n, logIndex: 2 }),
        item(6, { direction: 'in', asset: { kind: 'erc20', address: dai }, amount: 3n, logIndex: 1 }),
      ],
      approvalEvents: [event(1, 5n), event(2, 0n), event(3, 0n), event(3, 7n, 1), event(5, 90n), event(6, 1n)],
    });
    const marks = Object.fromEntries(entries.map((e) => [Number(e.blockNumber), e.approval]));
    expect(marks).toEqual({ 1: 'granted', 2: 'withdrawn', 3: 'granted', 4: undefined, 5: undefined, 6: undefined });
  });

  it('groups a transaction’s items: a token sent with its fee, one entry', () => {
    const entries = entriesOf([
      item(5, { direction: 'out', amount: 0n, fee: 21n, logIndex: undefined, counterparty: dai }),
      item(5, { direction: 'out', asset: { kind: 'erc20', address: dai }, amount: 10n, logIndex: 3 }),
    ]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      fee: 21n,
      sentByAccount: true,
      counterparty: alice,
      status: 'confirmed',
      suspicions: [],
    });
    expect(entries[0]?.movements).toEqual([
      { direction: 'out', counterparty: alice, asset: { kind: 'erc20', address: dai }, amount: 10n },
    ]);
  });

  it('marks poisoning: a zero-value transfer it did not send, an unknown token, a look-alike sender', () => {
    const entries = entriesOf([
      item(1, {
        direction: 'out',
        asset: { kind: 'erc20', address: dai },
        amount: 0n,
        logIndex: 1,
        counterparty: aliceLookalike,
      }),
      item(2, { asset: { kind: 'erc20', address: spam }, amount: 10n ** 24n, logIndex: 1 }),
      item(3, { counterparty: aliceLookalike, amount: 1n }),
      item(4, { counterparty: alice, amount: 5n }),
    ]);
    const byBlock = new Map(entries.map((e) => [e.blockNumber, e.suspicions]));
    expect(byBlock.get(1n)).toEqual(expect.arrayContaining(['zero-value', 'lookalike']));
    expect(byBlock.get(2n)).toEqual(['unsolicited-token']);
    expect(byBlock.get(3n)).toEqual(['lookalike']);
    expect(byBlock.get(4n)).toEqual([]);
    expect(filterEntries(entries, ANY_ENTRY).map((e) => e.blockNumber)).toEqual([4n]);
    expect(filterEntries(entries, { ...ANY_ENTRY, showSuspicious: true })).toHaveLength(4);
  });

  it('adds Cairn’s records the chain does not show yet, pending ones first', () => {
    const record = {
      from: me,
      hash: hash(99),
      status: 'pending',
      createdAt: 1_800_000_000_000,
      intent: { asset: { kind: 'native', symbol: 'ETH', decimals: 18 }, amount: 7n, recipient: alice },
      to: alice,
      value: 7n,
      blockNumber: undefined,
    } as unknown as TxRecord;
    const minedRecord = { ...record, hash: hash(5), status: 'confirmed' } as TxRecord;
    const entries = entriesOf([item(5, { amount: 3n })], [record, minedRecord]);
    expect(entries.map((e) => [e.status, e.fromRecord])).toEqual([
      ['pending', true],
      ['confirmed', false],
    ]);
    expect(filterEntries(entries, { ...ANY_ENTRY, status: 'pending' })).toHaveLength(1);
  });

  it('lists a batch another account sent for this one as this one’s send, and as only a fee for the payer', () => {
    const payer = '0x00000000000000000000000000000000000000b2' as Address;
    const record = {
      from: payer,
      hash: hash(77),
      status: 'confirmed',
      createdAt: 1_800_000_000_000,
      intent: { asset: { kind: 'native', symbol: 'ETH', decimals: 18 }, amount: 10n ** 18n, recipient: alice },
      to: me,
      value: 0n,
      batch: { calls: 1, account: me },
      blockNumber: 77n,
    } as unknown as TxRecord;
    const [mine] = entriesOf([], [record]);
    expect(mine?.account).toBe(me);
    expect(mine?.movements).toEqual([
      { direction: 'out', counterparty: alice, asset: { kind: 'native' }, amount: 10n ** 18n },
    ]);
    const [paid] = buildEntries({ networkId: 'local', account: payer, records: [record], ...known, items: [] });
    expect(paid?.account).toBe(payer);
    expect(paid?.movements).toEqual([]);
    expect(entriesOf([], [{ ...record, batch: { calls: 1, account: alice } } as TxRecord])).toEqual([]);
  });

  it('names the site that asked for a transaction, whether it shows from the chain or from Cairn’s record', () => {
    const record = {
      from: me,
      hash: hash(99),
      status: 'pending',
      createdAt: 1_800_000_000_000,
      intent: undefined,
      to: alice,
      value: 7n,
      blockNumber: undefined,
      site: 'https://app.example',
    } as unknown as TxRecord;
    const mined = { ...record, hash: hash(5), status: 'confirmed' } as TxRecord;
    const entries = entriesOf([item(5, { amount: 3n }), item(6, { amount: 4n })], [record, mined]);
    expect(entries.map((e) => [e.hash, e.site])).toEqual([
      [hash(99), 'https://app.example'],
      [hash(6), undefined],
      [hash(5), 'https://app.example'],
    ]);
  });

  it('marks a contract creation Cairn sent, from its record and once the chain shows it (the contract as counterparty)', () => {
    const record = {
      from: me,
      hash: hash(99),
      status: 'pending',
      createdAt: 1_800_000_000_000,
      intent: undefined,
      to: undefined,
      value: 0n,
      blockNumber: undefined,
    } as unknown as TxRecord;
    const mined = { ...record, hash: hash(5), status: 'confirmed' } as TxRecord;
    const created = item(5, { direction: 'out', amount: 0n, fee: 21n, counterparty: dai });
    const entries = entriesOf([created, item(6, { amount: 4n })], [record, mined]);
    expect(entries.map((e) => [e.hash, e.creation, e.counterparty])).toEqual([
      [hash(99), true, undefined],
      [hash(6), undefined, alice],
      [hash(5), true, dai],
    ]);
  });

  it('filters by asset, direction and search, and groups by day', () => {
    const entries = entriesOf([
      item(1, { amount: 5n, timestamp: Date.UTC(2023, 10, 14, 8) / 1000 }),
      item(2, {
        direction: 'out',
        fee: 1n,
        counterparty: alice,
        amount: 2n,
        timestamp: Date.UTC(2023, 10, 14, 9) / 1000,
      }),
      item(30, {
        asset: { kind: 'erc20', address: dai },
        amount: 9n,
        logIndex: 0,
        timestamp: Date.UTC(2023, 10, 16) / 1000,
      }),
    ]);
    const daiOn = (networkId: string) => filterAssetKey(networkId, { kind: 'erc20', address: dai });
    expect(filterEntries(entries, { ...ANY_ENTRY, asset: daiOn('local') }).map((e) => e.blockNumber)).toEqual([30n]);
    // The same contract address on another network is another token.
    expect(filterEntries(entries, { ...ANY_ENTRY, asset: daiOn('optimism') })).toEqual([]);
    expect(filterAssetKey('optimism', { kind: 'native' })).toBe('native');
    expect(filterEntries(entries, { ...ANY_ENTRY, asset: 'native' }).map((e) => e.blockNumber)).toEqual([2n, 1n]);
    expect(filterEntries(entries, { ...ANY_ENTRY, direction: 'out' }).map((e) => e.blockNumber)).toEqual([2n]);
    expect(filterEntries(entries, { ...ANY_ENTRY, search: hash(2).toUpperCase().replace('0X', '0x') })).toHaveLength(1);
    const rows = groupByDay(entries, (t) => new Date(t * 1000).toISOString().slice(0, 10));
    expect(rows.map((r) => (r.kind === 'day' ? r.day : Number(r.entry.blockNumber)))).toEqual([
      '2023-11-16',
      30,
      '2023-11-14',
      2,
      1,
    ]);
  });
});
