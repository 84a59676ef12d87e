import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEQUENCER_GRACE_SECONDS, sequencerVerdict } from './sequencerUptime';

const now = 1_800_000_000;

describe('sequencerVerdict', () => {
  it('is up once the sequencer has been up for more than the grace period', () => {
    expect(sequencerVerdict({ answer: 0n, startedAt: now - 3601 }, now)).toBe('up');
    expect(sequencerVerdict({ answer: 0n, startedAt: now - 86_400 }, now)).toBe('up');
  });

  it('is in grace for the first hour after it came back, the hour itself included', () => {
    expect(sequencerVerdict({ answer: 0n, startedAt: now - 3600 }, now)).toBe('grace');
    expect(sequencerVerdict({ answer: 0n, startedAt: now - 10 }, now)).toBe('grace');
    expect(sequencerVerdict({ answer: 0n, startedAt: now }, now)).toBe('grace');
    // A change the chain's clock has not reached yet is not trusted either.
    expect(sequencerVerdict({ answer: 0n, startedAt: now + 60 }, now)).toBe('grace');
  });

  it('takes another grace period when asked', () => {
    expect(sequencerVerdict({ answer: 0n, startedAt: now - 100 }, now, 60)).toBe('up');
    expect(sequencerVerdict({ answer: 0n, startedAt: now - 100 }, now, 100)).toBe('grace');
  });

  it('is down on 1, however long ago', () => {
    expect(sequencerVerdict({ answer: 1n, startedAt: now - 86_400 }, now)).toBe('down');
    expect(sequencerVerdict({ answer: 1n, startedAt: now }, now)).toBe('down');
  });

  it('is unknown with no round, an uninitialised one, or another answer', () => {
    expect(sequencerVerdict(undefined, now)).toBe('unknown');
    expect(sequencerVerdict({ answer: 0n, startedAt: 0 }, now)).toBe('unknown');
    expect(sequencerVerdict({ answer: 1n, startedAt: 0 }, now)).toBe('unknown');
    expect(sequencerVerdict({ answer: 2n, startedAt: now - 86_400 }, now)).toBe('unknown');
    expect(sequencerVerdict({ answer: -1n, startedAt: now - 86_400 }, now)).toBe('unknown');
    expect(sequencerVerdict({ answer: 0n, startedAt: Number.NaN }, now)).toBe('unknown');
  });

  it('says up only for answer 0 past the grace period', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -2n, max: 3n }),
        fc.integer({ min: -10, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        (answer, startedAt, at) => {
          const verdict = sequencerVerdict({ answer, startedAt }, at);
          expect(verdict === 'up').toBe(answer === 0n && startedAt > 0 && at - startedAt > SEQUENCER_GRACE_SECONDS);
          if (answer === 1n && startedAt > 0) expect(verdict).toBe('down');
        },
      ),
    );
  });
});
