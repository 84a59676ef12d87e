import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TxRecord } from './record';
import { fromStored, readStored, toStored } from './txStore';

const hex = (bytes: number) =>
  fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => `0x${Buffer.from(b).toString('hex')}` as const);
const uint = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });
const count = fc.nat({ max: 2 ** 40 });

const signedArb: fc.Arbitrary<TxRecord> = fc.record({
  id: fc.uuid(),
  kind: fc.constantFrom('transfer', 'call', 'speed-up', 'cancel', 'fill-gap'),
  networkId: fc.string({ minLength: 1 }),
  chainId: fc.nat({ max: 2 ** 31 }),
  from: hex(20),
  nonce: count,
  to: hex(20),
  value: uint,
  data: fc.uint8Array({ maxLength: 68 }).map((b) => `0x${Buffer.from(b).toString('hex')}` as const),
  gas: uint,
  fees: fc.oneof(
    fc.record({ kind: fc.constant('legacy' as const), gasPrice: uint }),
    fc.record({ kind: fc.constant('eip1559' as const), maxFeePerGas: uint, maxPriorityFeePerGas: uint }),
  ),
  hash: hex(32),
  raw: hex(110),
  intent: fc.option(
    fc.record({
      asset: fc.oneof(
        fc.record({ kind: fc.constant('native' as const), symbol: fc.string(), decimals: fc.nat({ max: 36 }) }),
        fc.record({
          kind: fc.constant('token' as const),
          address: hex(20),
          symbol: fc.string(),
          decimals: fc.nat({ max: 36 }),
        }),
      ),
      amount: uint,
      recipient: hex(20),
    }),
    { nil: undefined },
  ),
  status: fc.constantFrom('signed', 'pending', 'confirmed', 'failed', 'replaced', 'dropped'),
  createdAt: count,
  updatedAt: count,
  revision: count,
  replaces: fc.option(fc.uuid(), { nil: undefined }),
  replacedBy: fc.option(fc.uuid(), { nil: undefined }),
  blockNumber: fc.option(fc.bigInt({ min: 0n, max: 2n ** 64n }), { nil: undefined }),
  confirmations: count,
  failureReason: fc.option(fc.string(), { nil: undefined }),
  broadcastError: fc.option(fc.string(), { nil: undefined }),
  lastBroadcastAt: fc.option(count, { nil: undefined }),
});

/** Records Cairn signed, and records a browser wallet signed and sent (no bytes, the wallet's name). */
const recordArb: fc.Arbitrary<TxRecord> = fc
  .tuple(signedArb, fc.option(fc.string({ minLength: 1 }), { nil: undefined }))
  .map(([record, sentBy]) => (sentBy === undefined ? record : { ...record, raw: undefined, sentBy }));

describe('stored transaction records', () => {
  it('read back exactly as written, through a structured clone (as IndexedDB does)', () => {
    fc.assert(
      fc.property(recordArb, (record) => {
        expect(fromStored(structuredClone(toStored(record)))).toEqual(record);
      }),
    );
  });

  it('a damaged field makes the record unreadable, never a wrong record or a crash of the listing', () => {
    const fields = ['id', 'chainId', 'from', 'nonce', 'to', 'value', 'gas', 'data', 'hash', 'raw', 'fees', 'status'];
    fc.assert(
      fc.property(
        recordArb,
        fc.constantFrom(...fields),
        fc.constantFrom<unknown>(null, -1, 'garbage', {}, 1.5),
        (record, field, junk) => {
          fc.pre(!(field === 'id' && junk === 'garbage')); // any non-empty text is a valid id
          const stored = { ...toStored(record), [field]: junk };
          const { records, damaged } = readStored([toStored(record), stored]);
          expect(records).toEqual([record]);
          expect(damaged).toEqual([stored]);
        },
      ),
    );
  });

  it('a record without signed bytes is readable only as one a browser wallet sent', () => {
    fc.assert(
      fc.property(signedArb, (record) => {
        const { raw: _, ...bytesLost } = toStored(record);
        expect(readStored([bytesLost]).damaged).toEqual([bytesLost]);
        const sent = { ...bytesLost, sentBy: 'MetaMask' };
        expect(readStored([sent]).records).toEqual([{ ...record, raw: undefined, sentBy: 'MetaMask' }]);
        expect(readStored([{ ...sent, sentBy: 42 }]).records).toEqual([]);
      }),
    );
  });
});
