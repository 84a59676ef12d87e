import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { localNetwork } from '@/core/chain/networks';
import type { AssetChange, SimulationResult } from '@/core/simulation/types';
import { followState, isBehind, STALE_PREVIEW_BLOCKS, staleAfterMs } from './usePreviewFollow';

const me: Address = '0xa11ce00000000000000000000000000000000001';
const pool: Address = '0xd3607057231C1A98C6699b37a250d0e61852A0bf';
const usdc: Address = '0x2000000000000000000000000000000000000002';
const own = [me];
const key = 'swap 1 ETH for USDC';

const preview = (changes: AssetChange[]): SimulationResult => ({
  strategy: 'structLogs',
  advisory: true,
  block: 10n,
  outcome: { ok: true },
  gasUsed: 90_000n,
  logs: [],
  changes,
  approvals: [],
  created: [],
  notes: [],
});
/** 1 ETH out of the person's account for `out` USDC. */
const swap = (out: bigint) =>
  preview([
    { kind: 'native', address: me, in: 0n, out: 10n ** 18n },
    { kind: 'erc20', address: me, token: usdc, in: out, out: 0n },
    { kind: 'erc20', address: pool, token: usdc, in: 0n, out },
  ]);
const first = { key, result: swap(3_000_000_000n) };
const fresh = { behind: false, failed: false, outdatedAcknowledged: false };
const state = (result: SimulationResult, over: Partial<Parameters<typeof followState>[0]> = {}) =>
  followState({ key, result, first, acknowledged: undefined, own, ...fresh, ...over });

describe('following a review’s preview block by block', () => {
  it('lets Confirm through while the preview says what it first said', () => {
    expect(state(swap(3_000_000_000n))).toEqual({
      changed: false,
      changeAcknowledged: false,
      stale: false,
      outdated: false,
      outdatedAcknowledged: false,
      holds: false,
    });
  });

  it('does not hold for a swap’s output falling 0.1 %, holds for 5 %, and for an incoming line that disappears', () => {
    expect(state(swap(2_997_000_000n)).holds).toBe(false);
    expect(state(swap(2_850_000_000n))).toMatchObject({ changed: true, holds: true });
    const nothingBack = preview([{ kind: 'native', address: me, in: 0n, out: 10n ** 18n }]);
    expect(state(nothingBack)).toMatchObject({ changed: true, holds: true });
  });

  it('holds until the person acknowledges the preview as it now reads, and again on a later change that matters', () => {
    const worse = swap(2_850_000_000n);
    const acknowledged = { key, result: worse };
    expect(state(worse, { acknowledged })).toMatchObject({ changed: true, changeAcknowledged: true, holds: false });
    // Drifting a little from what was acknowledged keeps it acknowledged…
    expect(state(swap(2_848_000_000n), { acknowledged }).holds).toBe(false);
    // …falling further does not.
    expect(state(swap(2_700_000_000n), { acknowledged })).toMatchObject({ changeAcknowledged: false, holds: true });
  });

  it('starts afresh for other content', () => {
    const other = { key: 'another transaction', result: swap(3_000_000_000n) };
    expect(state(swap(1n), { first: other }).changed).toBe(false);
  });

  it('holds Confirm while a preview behind the chain is read again', () => {
    expect(state(swap(3_000_000_000n), { behind: true })).toMatchObject({ stale: true, holds: true });
  });

  it('marks a preview behind the chain that could not be read again as outdated, held until the person sends without one', () => {
    const outdated = state(swap(3_000_000_000n), { behind: true, failed: true });
    expect(outdated).toMatchObject({ stale: false, outdated: true, holds: true });
    const accepted = state(swap(3_000_000_000n), { behind: true, failed: true, outdatedAcknowledged: true });
    expect(accepted).toMatchObject({ outdated: true, outdatedAcknowledged: true, holds: false });
    // A read that fails while the preview is still recent is shown as failed and holds nothing.
    expect(state(swap(3_000_000_000n), { failed: true }).holds).toBe(false);
  });
});

describe('when a preview is behind the chain', () => {
  const ethereum = { ...localNetwork('http://x'), blockTimeMs: 12_000 };
  const fast = { ...localNetwork('http://x'), blockTimeMs: 250 };

  it('on Ethereum: more than three blocks, and as old as them', () => {
    expect(staleAfterMs(ethereum)).toBe(36_000);
    const blocks = STALE_PREVIEW_BLOCKS + 1n;
    expect(isBehind({ latest: 10n + blocks, block: 10n, ageMs: 48_000, network: ethereum })).toBe(true);
    expect(isBehind({ latest: 10n + STALE_PREVIEW_BLOCKS, block: 10n, ageMs: 48_000, network: ethereum })).toBe(false);
  });

  it('on a chain of 250 ms blocks polled each second: not at each poll’s four new blocks, only when a read lags', () => {
    expect(staleAfterMs(fast)).toBe(2_000);
    // One poll later: four blocks, read again at once; Confirm does not flicker.
    expect(isBehind({ latest: 14n, block: 10n, ageMs: 1_100, network: fast })).toBe(false);
    // The read again has not come back after two polls.
    expect(isBehind({ latest: 18n, block: 10n, ageMs: 2_100, network: fast })).toBe(true);
  });
});
