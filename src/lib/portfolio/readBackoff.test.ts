import { describe, expect, it } from 'vitest';
import { TICK_PHASE_MS } from '@/core/chain/refreshPolicy';
import { ChainError } from '@/core/errors/chain';
import { msg } from '@/core/i18n/message';
import { nextReadMs } from './readBackoff';

/** On one of the pace's ticks (100 × 12 s since the epoch, and the window's phase). */
const NOW = 1_200_000 + TICK_PHASE_MS;
const refused = new ChainError('CHAIN_RATE_LIMITED', msg('core.chain:networkRead.rateLimited'));

describe('the back-off of a background read', () => {
  it('doubles at each refused read in a row, counts a read once however often asked, and ends with a success', () => {
    const at = (errorUpdatedAt: number, dataUpdatedAt = 1) => ({ error: refused, errorUpdatedAt, dataUpdatedAt });
    expect(nextReadMs('q', at(10), 12_000)).toBe(24_000);
    // TanStack asks again for the same failed read (its failure count is back to 1 at each fetch).
    expect(nextReadMs('q', at(10), 12_000)).toBe(24_000);
    expect(nextReadMs('q', at(20), 12_000)).toBe(48_000);
    expect(nextReadMs('q', at(30), 12_000)).toBe(96_000);
    for (let t = 40; t < 200; t += 10) nextReadMs('q', at(t), 12_000);
    expect(nextReadMs('q', at(200), 12_000)).toBe(300_000);
    // A read that succeeded since: back to the pace, and a later refusal starts again at twice it.
    expect(nextReadMs('q', { error: null, errorUpdatedAt: 200, dataUpdatedAt: 210 }, 12_000, NOW)).toBe(12_000);
    expect(nextReadMs('q', at(220, 210), 12_000)).toBe(24_000);
    // Another failure than a refusal keeps the pace; another query counts its own.
    expect(nextReadMs('r', { error: new Error('x'), errorUpdatedAt: 5, dataUpdatedAt: 1 }, 12_000, NOW)).toBe(12_000);
  });

  it('reads at the next tick of the pace, where the head and history due then go too', () => {
    const read = { error: null, errorUpdatedAt: 0, dataUpdatedAt: NOW + 300 };
    expect(nextReadMs('s', read, 12_000, NOW + 300)).toBe(11_700);
    // A read on focus just before a tick: the tick after it.
    expect(nextReadMs('s', { ...read, dataUpdatedAt: NOW + 11_000 }, 12_000, NOW + 11_000)).toBe(13_000);
  });
});
