import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountValue, codeValue, msg, renderMessage, untrustedValue } from '../i18n/message';
import type { TxRecord } from './record';
import { fromStored, memoryTxStore, readStored, toStored } from './txStore';
import { isWatched } from './watching';

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
  // None for a contract creation.
  to: fc.option(hex(20), { nil: undefined }),
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

/** One record, as the arbitrary makes them. */
const sample = (): TxRecord => fc.sample(signedArb, { numRuns: 1, seed: 1 })[0] as TxRecord;

describe('stored transaction records', () => {
  it('read back exactly as written, through a structured clone (as IndexedDB does)', () => {
    fc.assert(
      fc.property(recordArb, (record) => {
        expect(fromStored(structuredClone(toStored(record)))).toEqual(record);
      }),
    );
  });

  it('marks a stored record watched exactly while tracking still looks at it', () => {
    fc.assert(
      fc.property(recordArb, (record) => {
        expect(toStored(record).watched === 1).toBe(isWatched(record));
        expect('watched' in toStored(record)).toBe(isWatched(record));
      }),
    );
  });

  it('lists the watched records alone, on every chain, as their changes are stored', async () => {
    const store = memoryTxStore();
    const base = { ...sample(), confirmations: 0, createdAt: 1 };
    await store.put({ ...base, id: 'a', chainId: 1, status: 'pending' });
    await store.put({ ...base, id: 'b', chainId: 10, status: 'confirmed', confirmations: 11, createdAt: 2 });
    await store.put({ ...base, id: 'c', chainId: 1, status: 'confirmed', confirmations: 12 });
    await store.put({ ...base, id: 'd', chainId: 1, status: 'replaced' });
    expect((await store.watched()).map((r) => r.id)).toEqual(['a', 'b']);
    await store.put({ ...base, id: 'b', chainId: 10, status: 'confirmed', confirmations: 12, createdAt: 2 });
    expect((await store.watched()).map((r) => r.id)).toEqual(['a']);
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

  it('keeps a failure’s Message JSON-safe: a record survives JSON and the check, bigints and all', () => {
    fc.assert(
      fc.property(recordArb, fc.bigInt({ min: 21_000n, max: 2n ** 64n }), (record, gas) => {
        const failed: TxRecord = {
          ...record,
          status: 'failed',
          failureReason: msg('core.chain:tx.failure.outOfGas', { gas }),
          broadcastError: msg('core.chain:tx.refused', {
            reason: msg('core.chain:said', { text: untrustedValue('nonce too low', 'whole') }),
          }),
        };
        const copied = JSON.parse(JSON.stringify(toStored(failed)));
        const { records, damaged } = readStored([copied]);
        expect(damaged).toEqual([]);
        expect(records).toEqual([failed]);
      }),
    );
    const failure = msg('core.chain:tx.failure.outOfGas', { gas: 21_000n });
    const [read] = readStored([JSON.parse(JSON.stringify(toStored({ ...sample(), failureReason: failure })))]).records;
    expect(renderMessage(read?.failureReason ?? '')).toBe('It ran out of gas: all 21,000 gas of its limit was used.');
  });

  it('reads every kind of value a stored Message may hold, and words from before Messages', () => {
    const values = {
      amount: amountValue(1_500_000_000_000_000_000n, 18, 'ETH'),
      code: codeValue('0xabc'),
      name: untrustedValue('Token', 'name'),
      when: new Date(1_700_000_000_000),
      count: 3,
      big: 2n ** 200n,
      text: 'plain',
      nested: msg('core.chain:tx.refused.noReason'),
    };
    const said = { id: 'core.chain:tx.refused', values } as unknown as TxRecord['failureReason'];
    const record = {
      ...sample(),
      failureReason: said,
      broadcastError: 'The node refused it (words of an old record).',
    };
    expect(fromStored(JSON.parse(JSON.stringify(toStored(record))))).toEqual(record);
  });

  it('finds a damaged Message in a stored record', () => {
    const good = toStored({ ...sample(), failureReason: msg('core.chain:tx.failure.outOfGas', { gas: 21_000n }) });
    const junk: unknown[] = [
      42,
      null,
      [],
      {},
      { id: 7 },
      { id: '' },
      { id: 'core.chain:tx.failure.outOfGas', values: 'gas' },
      { id: 'core.chain:tx.failure.outOfGas', values: { gas: { kind: 'bigint', digits: '21k' } } },
      { id: 'core.chain:tx.failure.outOfGas', values: { gas: { kind: 'weird' } } },
      { id: 'core.chain:tx.failure.outOfGas', values: { gas: null } },
      { id: 'core.chain:tx.refused', values: { reason: { values: {} } } },
      { id: 'x', values: { a: { kind: 'amount', value: '1', decimals: -1 } } },
    ];
    for (const field of ['failureReason', 'broadcastError']) {
      for (const said of junk) {
        const stored = { ...good, [field]: said };
        expect(readStored([stored]).damaged).toEqual([stored]);
      }
    }
    expect(readStored([good]).damaged).toEqual([]);
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
