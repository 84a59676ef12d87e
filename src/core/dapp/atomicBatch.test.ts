// How a site's batch is sent (one transaction, with or without the account's upgrade, call by
// call, or refused with 5760 and the reason), the atomic capability that follows from the same
// rule, and sending a batch as its one transaction (EIP-5792's status with one receipt).
import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { AccountSource } from '../accounts/account';
import type { SmartAccountState } from '../smartAccount/accountState';
import { DELEGATION_CONTRACTS } from '../smartAccount/delegates';
import { atomicStatus, batchPlan, type PlanInput, refusalMessage, sendCallsAtomically } from './atomicBatch';
import type { BatchProgress, CallsReceipt } from './callsBatch';
import { atomicRefusedError, upgradeDeclinedError } from './siteErrors';

const LOCAL = 31_337;
const ME: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TO: Address = '0x1000000000000000000000000000000000000001';
const OTHER: Address = '0x2000000000000000000000000000000000000002';
const plain: SmartAccountState = { kind: 'plain' };
const upgraded: SmartAccountState = { kind: 'upgraded', delegate: DELEGATION_CONTRACTS.delegator };
const foreign: SmartAccountState = { kind: 'foreign', delegate: OTHER };
const two = [{ to: TO }, { to: OTHER }];

const plan = (input: Partial<PlanInput>) =>
  batchPlan({
    atomicRequired: true,
    calls: two,
    chainId: LOCAL,
    state: plain,
    runs7702: true,
    signer: 'hd',
    ...input,
  });

describe('the plan of a batch that requires atomicity', () => {
  it('runs it in one transaction from an upgraded account, whoever signs, and upgrades a plain one whose key is in the vault', () => {
    for (const signer of ['hd', 'key', 'ledger', 'qrDevice', 'external'] as const)
      expect(plan({ state: upgraded, signer, runs7702: undefined })).toEqual({ kind: 'atomic', upgrade: false });
    expect(plan({ signer: 'hd' })).toEqual({ kind: 'atomic', upgrade: true });
    expect(plan({ signer: 'key' })).toEqual({ kind: 'atomic', upgrade: true });
  });

  it('waits for the chain’s EIP-7702 support only where it decides, and refuses where it is missing', () => {
    expect(plan({ runs7702: undefined })).toBeUndefined();
    expect(plan({ runs7702: false })).toEqual({ kind: 'refused', refusal: { kind: 'no7702' } });
    // A chain with no published code hash of the delegate: nothing could be checked.
    expect(plan({ chainId: 987_654_321 })).toEqual({ kind: 'refused', refusal: { kind: 'unverified' } });
  });

  it('refuses on a ZKsync chain with its own reason, before the delegate’s hash or the node is asked', () => {
    const zkSync = { kind: 'refused', refusal: { kind: 'no7702', zkSync: true } };
    expect(plan({ chainId: 324, lacks7702: true, runs7702: undefined })).toEqual(zkSync);
    // Even where the node would say yes, or the chain had a published delegate.
    expect(plan({ lacks7702: true, runs7702: true })).toEqual(zkSync);
    // An account already delegated is what it is, there as anywhere.
    expect(plan({ state: foreign, lacks7702: true })).toEqual({
      kind: 'refused',
      refusal: { kind: 'foreign', delegate: OTHER },
    });
  });

  it('refuses a plain account whose signer signs no authorization, and accounts no authorization can change', () => {
    for (const signer of ['qrDevice', 'external', 'watch'] as const)
      expect(plan({ signer, runs7702: undefined })).toEqual({ kind: 'refused', refusal: { kind: 'signer', signer } });
    expect(plan({ state: upgraded, signer: 'watch' })).toEqual({
      kind: 'refused',
      refusal: { kind: 'signer', signer: 'watch' },
    });
    expect(plan({ state: foreign })).toEqual({ kind: 'refused', refusal: { kind: 'foreign', delegate: OTHER } });
    expect(plan({ state: { kind: 'contract' } })).toEqual({ kind: 'refused', refusal: { kind: 'contract' } });
  });
});

describe('the plan of a batch that does not require atomicity', () => {
  it('runs two calls or more from an upgraded account in one transaction, and anything else call by call', () => {
    const loose = (input: Partial<PlanInput>) => plan({ atomicRequired: false, runs7702: undefined, ...input });
    expect(loose({ state: upgraded })).toEqual({ kind: 'atomic', upgrade: false });
    expect(loose({ state: upgraded, signer: 'ledger' })).toEqual({ kind: 'atomic', upgrade: false });
    const sequential = { kind: 'sequential' };
    expect(loose({ state: upgraded, calls: [{ to: TO }] })).toEqual(sequential);
    // The delegate's execute makes calls only: a creation goes as its own transaction.
    expect(loose({ state: upgraded, calls: [{ to: TO }, { to: undefined }] })).toEqual(sequential);
    expect(loose({ state: upgraded, signer: 'watch' })).toEqual(sequential);
    for (const state of [plain, foreign, { kind: 'contract' } as const]) expect(loose({ state })).toEqual(sequential);
  });
});

describe('the atomic capability (EIP-5792)', () => {
  const status = (state: SmartAccountState, signer: AccountSource['kind'], runs7702?: boolean) =>
    atomicStatus({ chainId: LOCAL, state, signer, runs7702 });

  it('is supported for an upgraded account, ready for one Cairn can upgrade, and unsupported otherwise', () => {
    expect(status(upgraded, 'hd')).toBe('supported');
    expect(status(upgraded, 'ledger')).toBe('supported');
    expect(status(plain, 'hd', true)).toBe('ready');
    expect(status(plain, 'hd', false)).toBeUndefined();
    expect(status(plain, 'hd')).toBeUndefined();
    // A Ledger is asked (its own list of delegates decides); a QR device never.
    expect(status(plain, 'ledger', true)).toBe('ready');
    expect(status(plain, 'qrDevice', true)).toBeUndefined();
    expect(status(upgraded, 'watch')).toBeUndefined();
    expect(status(foreign, 'hd', true)).toBeUndefined();
  });
});

describe('why a batch cannot be atomic', () => {
  it('tells the person in the signer’s own words, and the site in protocol words with 5760', () => {
    expect(refusalMessage({ kind: 'signer', signer: 'qrDevice' }, ME).id).toBe(
      'core.signing:signer.noAuthorization.qrDevice',
    );
    expect(refusalMessage({ kind: 'signer', signer: 'watch' }, ME).id).toBe('core.signing:signer.watchOnly');
    expect(refusalMessage({ kind: 'no7702' }, ME).id).toBe('core.chain:smartAccount.no7702');
    expect(refusalMessage({ kind: 'no7702', zkSync: true }, ME).id).toBe('core.chain:smartAccount.no7702ZkSync');
    expect(refusalMessage({ kind: 'foreign', delegate: OTHER }, ME)).toMatchObject({
      id: 'core.chain:smartAccount.foreignDelegate',
    });
    expect(atomicRefusedError({ kind: 'signer', signer: 'ledger' })).toEqual({
      code: 5760,
      message: expect.stringMatching(/^Cairn cannot run this batch atomically: the account’s key is on a Ledger, /),
    });
    expect(atomicRefusedError({ kind: 'foreign', delegate: OTHER }).message).toContain(OTHER);
    expect(atomicRefusedError({ kind: 'no7702' }).message).toMatch(/atomicRequired false/);
    expect(upgradeDeclinedError()).toEqual({ code: 5750, message: expect.stringMatching(/declined to upgrade/) });
  });
});

describe('sending a batch as its one transaction', () => {
  const HASH: Hex = `0x${'ab'.repeat(32)}`;
  const receipt = (status: '0x1' | '0x0'): CallsReceipt => ({
    status,
    transactionHash: HASH,
    blockHash: `0x${'cd'.repeat(32)}`,
    blockNumber: '0x7',
    gasUsed: '0x5208',
    logs: [],
  });
  const batch = { id: 'batch-1', chainId: '0x7a69' as const, calls: 2 };

  async function send(mined: () => Promise<CallsReceipt>) {
    const seen: BatchProgress[] = [];
    const last = await sendCallsAtomically(batch, {
      send: async () => HASH,
      receipt: mined,
      onProgress: (progress) => seen.push(progress),
    });
    return { last, seen };
  }

  it('reports it pending with its hash, then confirmed with its one receipt for every call', async () => {
    const { last, seen } = await send(async () => receipt('0x1'));
    expect(seen.map((p) => [p.steps.map((s) => s.state), p.status.status, p.status.hashes])).toEqual([
      [['sending', 'sending'], 100, []],
      [['mining', 'mining'], 100, [HASH]],
      [['done', 'done'], 200, [HASH]],
    ]);
    expect(last.status).toEqual({
      id: 'batch-1',
      chainId: '0x7a69',
      status: 200,
      atomic: true,
      receipts: [receipt('0x1')],
      hashes: [HASH],
      total: 1,
    });
  });

  it('reports a reverted transaction as the whole batch failed (500), and one not seen mined as pending', async () => {
    expect((await send(async () => receipt('0x0'))).last.status).toMatchObject({ status: 500, atomic: true });
    const unseen = await send(() => Promise.reject(new Error('node gone')));
    expect(unseen.last.status).toMatchObject({ status: 100, hashes: [HASH], receipts: [] });
  });

  it('throws when nothing was sent, its calls waiting again', async () => {
    const seen: BatchProgress[] = [];
    const sending = sendCallsAtomically(batch, {
      send: () => Promise.reject(new Error('refused')),
      receipt: async () => receipt('0x1'),
      onProgress: (progress) => seen.push(progress),
    });
    await expect(sending).rejects.toThrow('refused');
    expect(seen.at(-1)?.steps.map((s) => s.state)).toEqual(['waiting', 'waiting']);
    expect(seen.every((p) => p.status.hashes.length === 0)).toBe(true);
  });
});
