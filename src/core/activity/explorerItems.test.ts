import { type Address, getAddress, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ExplorerInternalTx, ExplorerTx } from '../explorer/parse';
import { itemsFromExplorer } from './explorerItems';

const me = getAddress('0x00000000000000000000000000000000000000a1');
const bob = getAddress('0x00000000000000000000000000000000000000b0');
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex;

const normal = (n: number, from: Address, to: Address | undefined, over: Partial<ExplorerTx> = {}): ExplorerTx => ({
  hash: hash(n),
  blockNumber: BigInt(100 + n),
  timestamp: 1_700_000_000 + n,
  from,
  to,
  value: 5n,
  isError: false,
  gasUsed: 21_000n,
  gasPrice: 3n,
  input: '0x',
  nonce: n,
  ...over,
});

const internal = (n: number, to: Address | undefined, over: Partial<ExplorerInternalTx> = {}): ExplorerInternalTx => ({
  hash: hash(n),
  blockNumber: BigInt(100 + n),
  timestamp: 1_700_000_000 + n,
  from: bob,
  to,
  value: 7n,
  isError: false,
  ...over,
});

describe('itemsFromExplorer', () => {
  it('makes the account’s sent transactions with their fee, failed ones included', () => {
    const items = itemsFromExplorer(1, me, {
      normal: [normal(1, me, bob), normal(2, me, me, { isError: true }), normal(3, me, undefined, { value: 0n })],
      internal: [],
    });
    expect(items.map((i) => [i.id, i.direction, i.counterparty, i.amount, i.fee, i.failed, i.source])).toEqual([
      [`1:${me.toLowerCase()}:${hash(1)}:tx`, 'out', bob, 5n, 63_000n, false, 'explorer'],
      [`1:${me.toLowerCase()}:${hash(2)}:tx`, 'self', me, 5n, 63_000n, true, 'explorer'],
      [`1:${me.toLowerCase()}:${hash(3)}:tx`, 'out', undefined, 0n, 63_000n, false, 'explorer'],
    ]);
    expect(items[0]).toMatchObject({ blockNumber: 101n, timestamp: 1_700_000_001, txIndex: 0, logIndex: undefined });
  });

  it('adds the L1 data fee where the explorer reports one', () => {
    const items = itemsFromExplorer(10, me, { normal: [normal(1, me, bob, { l1Fee: 24_681_034_813n })], internal: [] });
    expect(items[0]?.fee).toBe(63_000n + 24_681_034_813n);
  });

  it('keeps value received from others only when it moved', () => {
    const items = itemsFromExplorer(1, me, {
      normal: [normal(1, bob, me), normal(2, bob, me, { isError: true }), normal(3, bob, me, { value: 0n })],
      internal: [],
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ hash: hash(1), direction: 'in', counterparty: bob, fee: undefined });
  });

  it('numbers internal transfers to the account by their place in the answer', () => {
    const items = itemsFromExplorer(1, me, {
      normal: [],
      internal: [
        internal(1, me),
        internal(1, bob),
        internal(1, me, { isError: true }),
        internal(1, me, { value: 0n }),
        internal(1, me),
      ],
    });
    expect(items.map((i) => i.id.split(':').slice(-2).join(':'))).toEqual(['internal:0', 'internal:4']);
    expect(items[0]).toMatchObject({ direction: 'in', counterparty: bob, amount: 7n });
  });
});
