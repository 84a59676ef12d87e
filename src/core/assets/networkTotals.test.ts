import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/message';
import type { NetworkReadStatus, StaleBecause } from './networkPortfolio';
import { type NetworkPart, totalAcross } from './networkTotals';

const fresh: NetworkReadStatus = { state: 'fresh', block: 10n, at: 120 };
const stale = (because: StaleBecause): NetworkReadStatus => ({ state: 'stale', block: 7n, at: 84, because });
const failed: NetworkReadStatus = { state: 'failed', reason: msg('core.chain:networkRead.unreachable') };

describe('totalAcross', () => {
  it('sums fresh and stale figures, marking the stale ones', () => {
    const total = totalAcross([
      { networkId: 'ethereum', status: fresh, value: 100n },
      { networkId: 'base', status: stale('node'), value: 20n },
      { networkId: 'optimism', status: stale('rateLimited'), value: 3n },
    ]);
    expect(total).toEqual({
      total: 123n,
      counted: ['ethereum', 'base', 'optimism'],
      stale: [
        { networkId: 'base', block: 7n, at: 84, because: 'node' },
        { networkId: 'optimism', block: 7n, at: 84, because: 'rateLimited' },
      ],
      leftOut: [],
    });
  });

  it('never counts figures read through a node that answers for another chain', () => {
    const total = totalAcross([
      { networkId: 'ethereum', status: fresh, value: 100n },
      { networkId: 'base', status: stale('wrongChain'), value: 1_000_000n },
    ]);
    expect(total.total).toBe(100n);
    expect(total.counted).toEqual(['ethereum']);
    expect(total.leftOut).toEqual([{ networkId: 'base', reason: { id: 'core.chain:networkTotals.wrongChain' } }]);
  });

  it('leaves out a failed network with its reason, and a loading one saying so', () => {
    const total = totalAcross([
      { networkId: 'ethereum', status: failed, value: undefined },
      { networkId: 'base', status: { state: 'loading' }, value: undefined },
      { networkId: 'gnosis', status: fresh, value: undefined },
    ]);
    expect(total).toEqual({
      total: 0n,
      counted: ['gnosis'],
      stale: [],
      leftOut: [
        { networkId: 'ethereum', reason: { id: 'core.chain:networkRead.unreachable' } },
        { networkId: 'base', reason: { id: 'core.chain:networkTotals.loading' } },
      ],
    });
  });

  it('is the exact sum of what counts, and names every network once', () => {
    const status = fc.oneof(
      fc.constant<NetworkReadStatus>({ state: 'loading' }),
      fc.constant(fresh),
      fc.constant(failed),
      fc
        .constantFrom<StaleBecause>('offline', 'node', 'wrongChain', 'rateLimited', 'read', 'reading', 'kept')
        .map(stale),
    );
    const part = fc.record({
      status,
      value: fc.option(fc.bigInt({ min: 0n, max: 10n ** 30n }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (raw) => {
        const parts: NetworkPart[] = raw.map((p, i) => ({ networkId: `n${i}`, ...p }));
        const result = totalAcross(parts);
        const counts = (p: NetworkPart) =>
          p.status.state === 'fresh' || (p.status.state === 'stale' && p.status.because !== 'wrongChain');
        expect(result.total).toBe(parts.filter(counts).reduce((sum, p) => sum + (p.value ?? 0n), 0n));
        expect(result.counted).toEqual(parts.filter(counts).map((p) => p.networkId));
        const named = [...result.counted, ...result.leftOut.map((l) => l.networkId)].sort();
        expect(named).toEqual(parts.map((p) => p.networkId).sort());
        for (const s of result.stale) expect(result.counted).toContain(s.networkId);
      }),
    );
  });
});
