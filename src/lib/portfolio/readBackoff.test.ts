import { describe, expect, it } from 'vitest';
import { ChainError } from '@/core/errors/chain';
import { msg } from '@/core/i18n/message';
import { nextReadMs } from './readBackoff';

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
    expect(nextReadMs('q', { error: null, errorUpdatedAt: 200, dataUpdatedAt: 210 }, 12_000)).toBe(12_000);
    expect(nextReadMs('q', at(220, 210), 12_000)).toBe(24_000);
    // Another failure than a refusal keeps the pace; another query counts its own.
    expect(nextReadMs('r', { error: new Error('x'), errorUpdatedAt: 5, dataUpdatedAt: 1 }, 12_000)).toBe(12_000);
  });
});
