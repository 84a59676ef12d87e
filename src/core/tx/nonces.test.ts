import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nonceGaps } from './nonces';
import type { TxRecord, TxStatus } from './record';

const record = (nonce: number, status: TxStatus = 'pending') => ({ nonce, status }) as TxRecord;

describe('nonceGaps', () => {
  it('finds the nonces missing between the node’s pending nonce and Cairn’s highest active record', () => {
    expect(nonceGaps(5, [record(6), record(7)])).toEqual([5]);
    expect(nonceGaps(5, [record(5), record(8, 'signed')])).toEqual([6, 7]);
  });

  it('has no gap when nothing is active, or everything is contiguous', () => {
    expect(nonceGaps(3, [])).toEqual([]);
    expect(nonceGaps(3, [record(1, 'confirmed'), record(9, 'dropped'), record(10, 'replaced')])).toEqual([]);
    expect(nonceGaps(3, [record(3), record(4)])).toEqual([]);
  });

  it('does not count nonces the node already holds (another wallet’s pending transaction) as gaps', () => {
    expect(nonceGaps(7, [record(7)])).toEqual([]);
    expect(nonceGaps(8, [record(7)])).toEqual([]);
  });

  it('returns exactly the unused nonces in [pending, highest active)', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.uniqueArray(fc.nat(60), { maxLength: 12 }), (pending, nonces) => {
        const gaps = nonceGaps(
          pending,
          nonces.map((n) => record(n)),
        );
        const highest = nonces.length ? Math.max(...nonces) : -1;
        const expected: number[] = [];
        for (let n = pending; n < highest; n++) if (!nonces.includes(n)) expected.push(n);
        expect(gaps).toEqual(expected);
      }),
    );
  });
});
