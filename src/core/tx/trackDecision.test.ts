import { describe, expect, it } from 'vitest';
import type { TxRecord, TxStatus } from './record';
import { confirmationsAt, decide, type Observation } from './trackDecision';

const record = (status: TxStatus, extra: Partial<TxRecord> = {}) =>
  ({ id: 'a', nonce: 5, status, gas: 21_000n, confirmations: 0, raw: '0x02f8', ...extra }) as TxRecord;

const quiet: Observation = {
  latest: 100n,
  receipt: { kind: 'missing' },
  inNode: { kind: 'missing' },
  confirmedNonce: 5,
  siblings: [],
  suspectedDropAt: undefined,
};
const mined = { kind: 'found' as const, value: { blockNumber: 98n, success: true, gasUsed: 21_000n } };

describe('what a tracking pass does with a record', () => {
  it('changes nothing when the node gave no usable answer', () => {
    expect(decide(record('pending'), { ...quiet, receipt: { kind: 'error' } })).toEqual({ kind: 'none' });
    expect(decide(record('pending'), { ...quiet, inNode: { kind: 'error' } })).toEqual({ kind: 'none' });
    expect(decide(record('pending'), { ...quiet, confirmedNonce: undefined })).toEqual({ kind: 'none' });
    expect(decide(record('confirmed'), { ...quiet, receipt: { kind: 'error' } })).toEqual({ kind: 'none' });
  });

  it('leaves settled records alone', () => {
    for (const status of ['replaced', 'dropped', 'rejected'] as const)
      expect(decide(record(status), { ...quiet, receipt: mined })).toEqual({ kind: 'none' });
  });

  it('marks a mined receipt, and counts confirmations from it (never below 1)', () => {
    expect(decide(record('pending'), { ...quiet, receipt: mined })).toEqual({
      kind: 'mined',
      receipt: mined.value,
      confirmations: 3,
    });
    expect(decide(record('confirmed', { confirmations: 1, blockNumber: 98n }), { ...quiet, receipt: mined })).toEqual({
      kind: 'confirmations',
      confirmations: 3,
      blockNumber: 98n,
    });
    expect(decide(record('confirmed', { confirmations: 3, blockNumber: 98n }), { ...quiet, receipt: mined })).toEqual({
      kind: 'none',
    });
    // Mined again in another block by a reorganisation: the block is taken, though the count is the same.
    expect(decide(record('confirmed', { confirmations: 3, blockNumber: 97n }), { ...quiet, receipt: mined })).toEqual({
      kind: 'confirmations',
      confirmations: 3,
      blockNumber: 98n,
    });
    expect(confirmationsAt(100n, 102n)).toBe(1);
  });

  it('undoes a mined record whose receipt is gone (a reorganisation)', () => {
    expect(decide(record('confirmed'), quiet)).toEqual({ kind: 'unmined' });
    expect(decide(record('failed'), quiet)).toEqual({ kind: 'unmined' });
  });

  it('moves a signed record the node holds to pending', () => {
    const held = { ...quiet, inNode: { kind: 'found' as const, value: { nonce: 3 } } };
    expect(decide(record('signed'), held)).toEqual({ kind: 'accepted' });
    expect(decide(record('pending'), held)).toEqual({ kind: 'none' });
  });

  it('calls a used nonce replaced when a sibling of ours was mined', () => {
    const sibling = record('confirmed', { id: 'b' });
    expect(decide(record('pending'), { ...quiet, confirmedNonce: 6, siblings: [sibling] })).toEqual({
      kind: 'replaced',
      by: 'b',
    });
  });

  it('calls a used nonce dropped only when seen so at two different heads', () => {
    const used = { ...quiet, confirmedNonce: 6 };
    expect(decide(record('pending'), used)).toEqual({ kind: 'suspect-dropped' });
    expect(decide(record('pending'), { ...used, suspectedDropAt: 100n })).toEqual({ kind: 'suspect-dropped' });
    expect(decide(record('pending'), { ...used, suspectedDropAt: 99n })).toEqual({ kind: 'dropped' });
    // Our own siblings lost too: still dropped (nothing of ours will ever be mined at that nonce).
    const lost = { ...used, siblings: [record('pending', { id: 'b' })], suspectedDropAt: 99n };
    expect(decide(record('pending'), lost)).toEqual({ kind: 'dropped' });
  });

  it('sends again while the nonce is free, unless an active replacement of ours stands for it', () => {
    expect(decide(record('pending'), quiet)).toEqual({ kind: 'rebroadcast' });
    expect(decide(record('signed'), quiet)).toEqual({ kind: 'rebroadcast' });
    const replacement = record('pending', { id: 'b', replaces: 'a' });
    expect(decide(record('pending'), { ...quiet, siblings: [replacement] })).toEqual({ kind: 'none' });
    const refused = record('rejected', { id: 'b', replaces: 'a' });
    expect(decide(record('pending'), { ...quiet, siblings: [refused] })).toEqual({ kind: 'rebroadcast' });
  });

  it('waits for a transaction a browser wallet sent (no bytes to send); its nonce, once the node showed it, can be used by another', () => {
    const sentByWallet = record('pending', { raw: undefined, sentBy: 'MetaMask' });
    expect(decide(sentByWallet, quiet)).toEqual({ kind: 'none' });
    expect(decide(sentByWallet, { ...quiet, confirmedNonce: 6 })).toEqual({ kind: 'suspect-dropped' });
    expect(decide(sentByWallet, { ...quiet, receipt: mined })).toMatchObject({ kind: 'mined' });
    // A nonce only expected (the node had not shown the transaction): another's use of it proves nothing.
    const expectedOnly = { ...sentByWallet, nonceUnconfirmed: true as const };
    expect(decide(expectedOnly, { ...quiet, confirmedNonce: 6, suspectedDropAt: 99n })).toEqual({ kind: 'none' });
    expect(decide(expectedOnly, { ...quiet, receipt: mined })).toMatchObject({ kind: 'mined' });
  });
});
