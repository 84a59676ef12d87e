import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/message';
import { previewDigest } from './digest';
import type { SimulationResult } from './types';

const me = '0xa11ce00000000000000000000000000000000001';
const evader = '0xd3607057231C1A98C6699b37a250d0e61852A0bf';

const preview = (over: Partial<SimulationResult> = {}): SimulationResult => ({
  strategy: 'structLogs',
  advisory: true,
  block: 10n,
  outcome: { ok: true },
  gasUsed: 30_000n,
  logs: [],
  changes: [
    { kind: 'native', address: me, in: 10n ** 18n, out: 10n ** 18n },
    { kind: 'native', address: evader, in: 0n, out: 0n },
  ],
  approvals: [],
  created: [],
  notes: [],
  ...over,
});

describe('what a preview tells the person, to see whether a new block changed it', () => {
  it('is the same for the same changes, whatever the gas, block, notes or order', () => {
    const again = preview({
      block: 11n,
      gasUsed: 30_017n,
      notes: [msg('core.chain:simulation.note.blockContext')],
      changes: [...preview().changes].reverse(),
    });
    expect(previewDigest(again)).toBe(previewDigest(preview()));
  });

  it('differs when the coin no longer comes back, when an approval appears, or when it would fail', () => {
    const kept = preview({
      changes: [
        { kind: 'native', address: me, in: 0n, out: 10n ** 18n },
        { kind: 'native', address: evader, in: 10n ** 18n, out: 0n },
      ],
    });
    expect(previewDigest(kept)).not.toBe(previewDigest(preview()));
    const approving = preview({
      approvals: [{ kind: 'operator', token: evader, owner: me, operator: evader, approved: true }],
    });
    expect(previewDigest(approving)).not.toBe(previewDigest(preview()));
    const failing = preview({
      outcome: { ok: false, reason: msg('core.chain:simulation.failsSilently'), revert: undefined, revertData: '0x' },
    });
    expect(previewDigest(failing)).not.toBe(previewDigest(preview()));
  });
});
