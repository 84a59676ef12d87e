import { describe, expect, it } from 'vitest';
import { deviceSeconds, HEAD_AHEAD_LIMIT_SECONDS, swapDeadline } from './deadline';

describe('a swap’s deadline', () => {
  it('counts the minutes from the device’s clock, whatever the head says', () => {
    // A head hours old (a chain that mines only when sent a transaction) changes nothing.
    expect(swapDeadline({ nowSeconds: 5_000n, headTimestamp: 1_000n, minutes: 20n })).toBe(6_200n);
    // A head a little ahead (clocks drift) does not stretch it either.
    expect(swapDeadline({ nowSeconds: 5_000n, headTimestamp: 5_000n + HEAD_AHEAD_LIMIT_SECONDS, minutes: 1n })).toBe(
      5_060n,
    );
  });

  it('refuses, saying why, a head more than 60 s ahead of the device’s clock', () => {
    const ahead = () => swapDeadline({ nowSeconds: 5_000n, headTimestamp: 5_061n, minutes: 20n });
    expect(ahead).toThrow(expect.objectContaining({ code: 'SWAP_HEAD_AHEAD' }));
    expect(ahead).toThrow(/61 seconds ahead/);
  });

  it('reads the device’s clock in whole seconds', () => {
    expect(deviceSeconds(5_000_999)).toBe(5_000n);
  });
});
