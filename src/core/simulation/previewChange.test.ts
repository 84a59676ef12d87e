import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/message';
import { changesDecision } from './previewChange';
import type { AssetChange, SimulationResult } from './types';

const me = '0xa11ce00000000000000000000000000000000001';
const pool = '0xd3607057231C1A98C6699b37a250d0e61852A0bf';
const dai = '0x1000000000000000000000000000000000000001';
const usdc = '0x2000000000000000000000000000000000000002';
const own = [me] as const;

/** A swap of 100 DAI for `out` USDC (6 decimals) through the pool. */
const swapChanges = (out: bigint): AssetChange[] => [
  { kind: 'erc20', address: me, token: dai, in: 0n, out: 100n * 10n ** 18n },
  { kind: 'erc20', address: me, token: usdc, in: out, out: 0n },
  { kind: 'erc20', address: pool, token: dai, in: 100n * 10n ** 18n, out: 0n },
  { kind: 'erc20', address: pool, token: usdc, in: 0n, out },
];

const preview = (over: Partial<SimulationResult> = {}): SimulationResult => ({
  strategy: 'structLogs',
  advisory: true,
  block: 10n,
  outcome: { ok: true },
  gasUsed: 90_000n,
  logs: [],
  changes: swapChanges(99_000_000n),
  approvals: [],
  created: [],
  notes: [],
  ...over,
});

describe('whether a later preview of the same transaction changes what the person decides on', () => {
  it('leaves out gas, the block, notes and the order of the lines', () => {
    const again = preview({
      block: 11n,
      gasUsed: 90_017n,
      notes: [msg('core.chain:simulation.note.blockContext')],
      changes: [...swapChanges(99_000_000n)].reverse(),
    });
    expect(changesDecision(preview(), again, own)).toBe(false);
  });

  it('lets a swap’s output fall by 0.1 %, not by 5 %', () => {
    expect(changesDecision(preview(), preview({ changes: swapChanges(98_901_000n) }), own)).toBe(false);
    expect(changesDecision(preview(), preview({ changes: swapChanges(94_050_000n) }), own)).toBe(true);
  });

  it('lets amounts move in the person’s favour, and other addresses’ amounts move', () => {
    expect(changesDecision(preview(), preview({ changes: swapChanges(120_000_000n) }), own)).toBe(false);
    // Only the pool's side moving (a fee the pool keeps): nothing of the person's changes.
    const poolOnly = swapChanges(99_000_000n).map((c) =>
      c.address === pool && c.kind === 'erc20' && c.token === usdc ? { ...c, out: 90_000_000n } : c,
    );
    expect(changesDecision(preview(), preview({ changes: poolOnly }), own)).toBe(false);
  });

  it('holds when more goes out of the person’s account than the tolerance', () => {
    const more = swapChanges(99_000_000n).map((c) =>
      c.address === me && c.kind === 'erc20' && c.token === dai ? { ...c, out: 102n * 10n ** 18n } : c,
    );
    expect(changesDecision(preview(), preview({ changes: more }), own)).toBe(true);
  });

  it('holds when an incoming line disappears (the Preview evader), or a new one appears', () => {
    const returned = preview({
      changes: [
        { kind: 'native', address: me, in: 10n ** 18n, out: 10n ** 18n },
        { kind: 'native', address: pool, in: 10n ** 18n, out: 10n ** 18n },
      ],
    });
    const kept = preview({
      changes: [
        { kind: 'native', address: me, in: 0n, out: 10n ** 18n },
        { kind: 'native', address: pool, in: 10n ** 18n, out: 0n },
      ],
    });
    expect(changesDecision(returned, kept, own)).toBe(true);
    expect(changesDecision(kept, returned, own)).toBe(true);
    const stranger = '0x5ec0000000000000000000000000000000000123';
    const elsewhere = preview({
      changes: [...swapChanges(99_000_000n), { kind: 'erc20', address: stranger, token: usdc, in: 1n, out: 0n }],
    });
    expect(changesDecision(preview(), elsewhere, own)).toBe(true);
  });

  it('holds on an approval, a created contract, or an outcome that changes', () => {
    const approving = preview({
      approvals: [{ kind: 'operator', token: pool, owner: me, operator: pool, approved: true }],
    });
    expect(changesDecision(preview(), approving, own)).toBe(true);
    expect(changesDecision(preview(), preview({ created: [pool] }), own)).toBe(true);
    const failing = preview({
      changes: [],
      outcome: { ok: false, reason: msg('core.chain:simulation.failsSilently'), revert: undefined, revertData: '0x' },
    });
    expect(changesDecision(preview(), failing, own)).toBe(true);
  });
});
