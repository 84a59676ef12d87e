import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtInNetworks, type Network } from './networks';
import {
  BACKGROUND_POLL_MS,
  backgroundHeadPollMs,
  paceOf,
  RATE_LIMIT_MAX_WAIT_MS,
  rateLimitWaitMs,
  TICK_PHASE_MS,
  untilTick,
} from './refreshPolicy';

const networks = builtInNetworks('http://127.0.0.1:8545');
const byId = (id: string) => networks.find((n) => n.id === id) as Network;

describe('paceOf', () => {
  it('follows Arbitrum (0.25 s blocks) every 12 s in the background, with no socket', () => {
    expect(paceOf(byId('arbitrum'), 'background')).toEqual({ pollMs: 12_000, socket: false });
  });

  it('follows a working network as today: about once a block, 1 to 6 s, with its socket where known', () => {
    expect(paceOf(byId('arbitrum'), 'working')).toEqual({ pollMs: 1_000, socket: false });
    expect(paceOf(byId('ethereum'), 'working')).toEqual({ pollMs: 6_000, socket: false });
    expect(paceOf(byId('base'), 'working')).toEqual({ pollMs: 2_000, socket: false });
    expect(paceOf({ ...byId('base'), wsUrl: 'wss://base.example' }, 'working')).toEqual({
      pollMs: 2_000,
      socket: true,
    });
    // Cairn's own local chain: the ws: form of its URL.
    expect(paceOf(byId('local'), 'working')).toEqual({ pollMs: 1_000, socket: true });
  });

  it('never opens a socket in the background, even where one is known', () => {
    expect(paceOf(byId('local'), 'background')).toEqual({ pollMs: 12_000, socket: false });
    expect(paceOf({ ...byId('base'), wsUrl: 'wss://base.example' }, 'background').socket).toBe(false);
  });

  it('polls a slow chain at its own block time in the background', () => {
    expect(paceOf({ ...byId('gnosis'), blockTimeMs: 30_000 }, 'background').pollMs).toBe(30_000);
    expect(paceOf(byId('ethereum'), 'background').pollMs).toBe(12_000);
  });

  it('is never faster in the background than working, nor than every 12 s', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600_000 }), (blockTimeMs) => {
        const network = { ...byId('base'), blockTimeMs };
        const background = paceOf(network, 'background');
        expect(background.pollMs).toBeGreaterThanOrEqual(BACKGROUND_POLL_MS);
        expect(background.pollMs).toBeGreaterThanOrEqual(paceOf(network, 'working').pollMs);
        expect(background.pollMs).toBeGreaterThanOrEqual(blockTimeMs);
      }),
    );
  });
});

describe('when a background network is read next', () => {
  it('at its pace, and later and later while its node refuses as too many', () => {
    expect(rateLimitWaitMs(12_000, 0)).toBe(12_000);
    expect(rateLimitWaitMs(12_000, 1)).toBe(24_000);
    expect(rateLimitWaitMs(12_000, 3)).toBe(96_000);
    expect(rateLimitWaitMs(12_000, 20)).toBe(RATE_LIMIT_MAX_WAIT_MS);
  });
});

describe('the rate-limit back-off', () => {
  it('doubles from the pace up to 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => rateLimitWaitMs(12_000, n))).toEqual([
      12_000, 24_000, 48_000, 96_000, 192_000, 300_000, 300_000,
    ]);
    expect(rateLimitWaitMs(1_000, 1)).toBe(2_000);
    expect(rateLimitWaitMs(1_000, 1_000_000)).toBe(RATE_LIMIT_MAX_WAIT_MS);
  });

  it('never waits less than the pace, nor more than 5 minutes, and never less after one more refusal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300_000 }), fc.nat({ max: 200 }), (pollMs, refusals) => {
        const wait = rateLimitWaitMs(pollMs, refusals);
        expect(wait).toBeGreaterThanOrEqual(pollMs);
        expect(wait).toBeLessThanOrEqual(RATE_LIMIT_MAX_WAIT_MS);
        expect(rateLimitWaitMs(pollMs, refusals + 1)).toBeGreaterThanOrEqual(wait);
        if (wait * 2 <= RATE_LIMIT_MAX_WAIT_MS) expect(rateLimitWaitMs(pollMs, refusals + 1)).toBe(wait * 2);
      }),
    );
  });
});

describe('untilTick', () => {
  it('waits for the next whole multiple of the period, so asks due together go at one time', () => {
    expect(untilTick(12_000, 1_000_000, 0, 0)).toBe(8_000); // 1,008,000 = 84 × 12,000
    expect(untilTick(12_000, 1_008_000, 0, 0)).toBe(12_000); // on a tick: the next one
    expect(untilTick(60_000, 1_000_000, 0, 0)).toBe(20_000); // 1,020,000: a 12 s tick too
  });

  it('moves every period’s ticks by the window’s phase alike, so they still meet', () => {
    expect(untilTick(12_000, 1_000_000, 0, 5_000)).toBe(1_000); // 1,001,000 = 1,008,000 − 12,000 + 5,000
    expect(untilTick(60_000, 1_000_000, 0, 5_000)).toBe(25_000); // 1,025,000: a 12 s tick of the phase too
    expect(TICK_PHASE_MS).toBeGreaterThanOrEqual(0);
    expect(TICK_PHASE_MS).toBeLessThan(BACKGROUND_POLL_MS);
  });

  it('skips a tick less than half a period after the last ask (one on focus), taking the next', () => {
    expect(untilTick(12_000, 1_007_000, 1_006_500, 0)).toBe(13_000);
    expect(untilTick(12_000, 1_007_000, 1_001_000, 0)).toBe(1_000);
  });

  it('always lands on a tick of the phase, within one and a half periods', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 120_000 }),
        fc.integer({ min: 0, max: 2 ** 42 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 11_999 }),
        (period, now, ago, phase) => {
          const wait = untilTick(period, now, now - ago, phase);
          expect((((now + wait - phase) % period) + period) % period).toBe(0);
          expect(wait).toBeGreaterThan(0);
          expect(wait).toBeLessThanOrEqual(period * 1.5);
        },
      ),
    );
  });
});

describe('backgroundHeadPollMs', () => {
  it('asks a background head about once a minute, on one of its ticks', () => {
    expect(backgroundHeadPollMs(byId('arbitrum'))).toBe(60_000);
    expect(backgroundHeadPollMs({ ...byId('ethereum'), blockTimeMs: 13_000 })).toBe(65_000);
  });
});
