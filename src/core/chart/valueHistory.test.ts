import fc from 'fast-check';
import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { type ActivityAsset, type ActivityDirection, type ActivityItem, activityItem } from '../activity/item';
import type { FeedAnswer } from '../assets/portfolio';
import { balanceChange, balancesAt, changeSince, valueHistory } from './valueHistory';

const ACCOUNT = '0x00000000000000000000000000000000000000a1' as Address;
const OTHER = '0x00000000000000000000000000000000000000b2' as Address;
const TOKEN = '0x00000000000000000000000000000000000000c3' as Address;
const key = ACCOUNT.toLowerCase();

let n = 0;
function item(fields: {
  block: number;
  time: number | undefined;
  direction: ActivityDirection;
  amount: bigint;
  asset?: ActivityAsset;
  fee?: bigint;
  failed?: boolean;
  account?: Address;
}): ActivityItem {
  n++;
  return activityItem(`part${n}`, {
    chainId: 1,
    account: fields.account ?? ACCOUNT,
    hash: `0x${n.toString(16).padStart(64, '0')}` as Hex,
    blockNumber: BigInt(fields.block),
    timestamp: fields.time,
    txIndex: 0,
    logIndex: undefined,
    direction: fields.direction,
    counterparty: OTHER,
    asset: fields.asset ?? { kind: 'native' },
    amount: fields.amount,
    fee: fields.fee,
    failed: fields.failed ?? false,
    source: 'scan',
  });
}

const price = (answer: bigint): FeedAnswer => ({ answer, decimals: 8, updatedAt: 0, roundId: 1n });

describe('balanceChange', () => {
  it('adds what came in, takes away what went out and the fee, and moves no value for a failed call', () => {
    expect(balanceChange(item({ block: 1, time: 1, direction: 'in', amount: 5n }), 'native')).toBe(5n);
    expect(balanceChange(item({ block: 1, time: 1, direction: 'out', amount: 5n, fee: 2n }), 'native')).toBe(-7n);
    expect(balanceChange(item({ block: 1, time: 1, direction: 'self', amount: 5n, fee: 2n }), 'native')).toBe(-2n);
    expect(
      balanceChange(item({ block: 1, time: 1, direction: 'out', amount: 5n, fee: 2n, failed: true }), 'native'),
    ).toBe(-2n);
  });

  it('counts a token transfer only for that token', () => {
    const transfer = item({
      block: 1,
      time: 1,
      direction: 'out',
      amount: 9n,
      asset: { kind: 'erc20', address: TOKEN },
    });
    expect(balanceChange(transfer, TOKEN.toLowerCase())).toBe(-9n);
    expect(balanceChange(transfer, 'native')).toBe(0n);
    expect(balanceChange(transfer, OTHER.toLowerCase())).toBe(0n);
    const nft = item({
      block: 1,
      time: 1,
      direction: 'in',
      amount: 1n,
      asset: { kind: 'erc721', address: TOKEN, tokenId: 1n },
    });
    expect(balanceChange(nft, TOKEN.toLowerCase())).toBe(0n);
  });
});

describe('balancesAt', () => {
  it('follows a balance back through the history; an item at time t counts at t', () => {
    const items = [
      item({ block: 10, time: 100, direction: 'in', amount: 50n }),
      item({ block: 20, time: 200, direction: 'out', amount: 20n, fee: 1n }),
      item({ block: 30, time: 300, direction: 'in', amount: 7n }),
    ];
    // Now: 50 − 21 + 7 = 36.
    expect(balancesAt([50, 100, 150, 200, 299, 300, 400], key, 36n, 'native', items, 30n)).toEqual([
      0n,
      50n,
      50n,
      29n,
      29n,
      36n,
      36n,
    ]);
  });

  it('leaves out items after the balances’ block, other accounts’ items and items without a time', () => {
    const items = [
      item({ block: 10, time: 100, direction: 'in', amount: 50n }),
      item({ block: 40, time: 400, direction: 'in', amount: 1000n }),
      item({ block: 15, time: 150, direction: 'in', amount: 3n, account: OTHER }),
      item({ block: 16, time: undefined, direction: 'in', amount: 4n }),
    ];
    expect(balancesAt([50, 200, 500], key, 50n, 'native', items, 30n)).toEqual([0n, 50n, 50n]);
  });

  it('shows zero where an incomplete history would make a balance negative', () => {
    const items = [item({ block: 10, time: 100, direction: 'in', amount: 80n })];
    expect(balancesAt([50, 150], key, 30n, 'native', items, 30n)).toEqual([0n, 30n]);
  });

  it('replays forward to the same balances it followed back (any history)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ time: fc.integer({ min: 1, max: 1000 }), delta: fc.bigInt({ min: -50n, max: 100n }) }), {
          maxLength: 40,
        }),
        fc.array(fc.integer({ min: 0, max: 1100 }), { minLength: 1, maxLength: 20 }),
        (moves, rawTimes) => {
          const times = [...new Set(rawTimes)].sort((a, b) => a - b);
          // A history that never goes below zero, built forwards.
          let running = 0n;
          const items: ActivityItem[] = [];
          for (const move of [...moves].sort((a, b) => a.time - b.time)) {
            const delta = running + move.delta < 0n ? -running : move.delta;
            running += delta;
            if (delta !== 0n)
              items.push(
                item({
                  block: move.time,
                  time: move.time,
                  direction: delta > 0n ? 'in' : 'out',
                  amount: delta > 0n ? delta : -delta,
                }),
              );
          }
          const expected = times.map((t) =>
            items.filter((i) => (i.timestamp as number) <= t).reduce((sum, i) => sum + balanceChange(i, 'native'), 0n),
          );
          expect(balancesAt(times, key, running, 'native', items, 10_000n)).toEqual(expected);
        },
      ),
    );
  });
});

describe('valueHistory', () => {
  it('prices each account’s balance with the answer in force then and sums them', () => {
    const items = [
      item({ block: 10, time: 100, direction: 'in', amount: 2n * 10n ** 18n }),
      item({ block: 12, time: 120, direction: 'in', amount: 10n ** 18n, account: OTHER }),
    ];
    const points = valueHistory({
      times: [50, 110, 200],
      asOfBlock: 20n,
      assets: [
        {
          key: 'native',
          decimals: 18,
          balances: new Map([
            [key, 2n * 10n ** 18n],
            [OTHER.toLowerCase(), 10n ** 18n],
          ]),
          reconstruct: true,
        },
      ],
      items,
      priceAt: (_, time) => (time < 150 ? price(1000_00000000n) : price(1500_00000000n)),
    });
    expect(points.map((p) => p.value)).toEqual([0n, 2000n * 10n ** 18n, 4500n * 10n ** 18n]);
    expect(points.every((p) => p.unpriced === 0)).toBe(true);
  });

  it('holds today’s balance when the asset cannot be followed back, and counts assets without a price then', () => {
    const points = valueHistory({
      times: [50, 200],
      asOfBlock: 20n,
      assets: [
        { key: 'native', decimals: 18, balances: new Map([[key, 10n ** 18n]]), reconstruct: false },
        { key: TOKEN.toLowerCase(), decimals: 6, balances: new Map([[key, 5_000000n]]), reconstruct: true },
      ],
      items: [item({ block: 10, time: 100, direction: 'in', amount: 10n ** 18n })],
      priceAt: (asset, time) => (asset === 'native' ? price(2_00000000n) : time > 100 ? price(1_00000000n) : undefined),
    });
    expect(points.map((p) => p.value)).toEqual([2n * 10n ** 18n, 7n * 10n ** 18n]);
    expect(points.map((p) => p.unpriced)).toEqual([1, 0]);
  });
});

describe('changeSince', () => {
  it('values today’s holdings at both prices, so deposits are not gains', () => {
    const assets = [
      { key: 'native', decimals: 18, balances: new Map([[key, 2n * 10n ** 18n]]), reconstruct: true },
      { key: 'nofeed', decimals: 18, balances: new Map([[key, 10n ** 18n]]), reconstruct: true },
    ];
    const result = changeSince(
      assets,
      (k) => (k === 'native' ? price(1100_00000000n) : undefined),
      (k) => (k === 'native' ? price(1000_00000000n) : undefined),
    );
    expect(result).toEqual({ change: 200n * 10n ** 18n, before: 2000n * 10n ** 18n });
    expect(
      changeSince(
        assets,
        () => undefined,
        () => undefined,
      ),
    ).toBeUndefined();
  });
});
