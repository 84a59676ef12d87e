import fc from 'fast-check';
import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { mergeByTime } from './acrossNetworks';
import { type ActivityEntry, ANY_ENTRY, compareEntries, filterEntries } from './entries';

const me = '0x00000000000000000000000000000000000000a1' as Address;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

/** A mined entry on `networkId` at `block`, mined at `time` (unix seconds); pending without a block. */
function entry(networkId: string, block: number | undefined, time: number | undefined, n = block ?? 0): ActivityEntry {
  return {
    key: `${networkId}:${me}:${hash(n)}`,
    networkId,
    account: me,
    hash: hash(n),
    blockNumber: block === undefined ? undefined : BigInt(block),
    timestamp: time,
    status: block === undefined ? 'pending' : 'confirmed',
    movements: [],
    fee: undefined,
    sentByAccount: true,
    counterparty: undefined,
    suspicions: [],
    fromRecord: block === undefined,
    txIndex: 0,
  };
}

const keys = (entries: readonly ActivityEntry[]) => entries.map((e) => e.key.split(':0x')[0] + e.hash.slice(-2));

describe('history across networks', () => {
  it('interleaves the networks by time, newest first, with what is not mined yet on top', () => {
    // An L1 with 12 s blocks and an L2 with 2 s blocks: their block numbers say nothing of each other.
    const l1 = [entry('l1', 100, 1_000), entry('l1', 90, 880)].sort(compareEntries);
    const l2 = [entry('l2', 5_000, 990), entry('l2', 4_950, 890), entry('l2', 4_000, 100)].sort(compareEntries);
    const pending = entry('l2', undefined, 1_010, 7);
    const merged = mergeByTime([l1, [pending, ...l2]]);
    expect(keys(merged)).toEqual(['l207', 'l164', 'l288', 'l256', 'l15a', 'l2a0']);
  });

  it('keeps each network’s own order, takes every entry once, and never puts an older one first', () => {
    const list = (networkId: string) =>
      fc
        .array(fc.record({ block: fc.nat(1_000), time: fc.option(fc.nat(10_000), { nil: undefined }) }), {
          maxLength: 30,
        })
        .map((rows) =>
          rows
            .map((row, i) => entry(networkId, row.block, row.time, i))
            .sort(compareEntries)
            // As stored: a later block is never of an earlier time.
            .map((e, i, all) => ({ ...e, timestamp: e.timestamp === undefined ? undefined : all.length - i })),
        );
    fc.assert(
      fc.property(list('a'), list('b'), list('c'), (a, b, c) => {
        const merged = mergeByTime([a, b, c]);
        expect(merged).toHaveLength(a.length + b.length + c.length);
        for (const [id, own] of [
          ['a', a],
          ['b', b],
          ['c', c],
        ] as const)
          expect(merged.filter((e) => e.networkId === id)).toEqual(own);
        const times = merged.flatMap((e) => (e.timestamp === undefined ? [] : [e.timestamp]));
        expect(times).toEqual([...times].sort((x, y) => y - x));
      }),
    );
  });

  it('gives one network’s list as it is, and nothing for none', () => {
    const only = [entry('a', 2, 20), entry('a', 1, 10)];
    expect(mergeByTime([[], only, []])).toBe(only);
    expect(mergeByTime([])).toEqual([]);
  });

  it('narrows to one network with the network filter, and keeps all without it', () => {
    const merged = mergeByTime([[entry('a', 2, 20)], [entry('b', 9, 30), entry('b', 8, 5)]]);
    expect(filterEntries(merged, { ...ANY_ENTRY, network: 'b' }).map((e) => e.networkId)).toEqual(['b', 'b']);
    expect(filterEntries(merged, { ...ANY_ENTRY, network: 'a' }).map((e) => e.networkId)).toEqual(['a']);
    expect(filterEntries(merged, ANY_ENTRY)).toHaveLength(3);
    expect(filterEntries(merged, { ...ANY_ENTRY, network: 'gone' })).toEqual([]);
  });
});
