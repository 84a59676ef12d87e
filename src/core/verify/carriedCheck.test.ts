import { describe, expect, it } from 'vitest';
import { contradicted } from '@/testing/balanceChecks';
import { carriedCheck } from './carriedCheck';
import type { BalanceCheck, BalanceClaims } from './figureChecks';

const claims = (native: bigint, dai: bigint, blockNumber: bigint): BalanceClaims => ({
  blockNumber,
  accounts: ['0x00000000000000000000000000000000000000a1'],
  tokens: ['0x00000000000000000000000000000000000000d1'],
  native: new Map([['0x00000000000000000000000000000000000000a1', native]]),
  tokenBalances: new Map([
    ['0x00000000000000000000000000000000000000a1', new Map([['0x00000000000000000000000000000000000000d1', dai]])],
  ]),
});

const check: BalanceCheck = {
  block: 5n,
  header: undefined,
  problems: [],
  requests: 2,
  native: new Map([['0x00000000000000000000000000000000000000a1', { state: 'verified', block: 5n }]]),
  tokens: new Map([
    [
      '0x00000000000000000000000000000000000000a1',
      new Map([['0x00000000000000000000000000000000000000d1', contradicted(7n, 3n, 'http://x')]]),
    ],
  ]),
};

describe('carriedCheck', () => {
  it('keeps the state of figures the node still claims the same, and shows the last proven of those that moved', () => {
    const carried = carriedCheck(check, claims(10n, 7n, 5n), claims(11n, 7n, 6n));
    // A proven figure the node now gives otherwise: the balance last proven, with its block, the
    // new figure beside it (never shown plain before a check has said what it is).
    expect(carried.native.get('0x00000000000000000000000000000000000000a1')).toEqual({
      state: 'moved',
      claimed: 11n,
      at: 6n,
      proven: 10n,
      block: 5n,
    });
    const back = carriedCheck(carried, claims(11n, 7n, 6n), claims(10n, 7n, 7n));
    expect(back.native.get('0x00000000000000000000000000000000000000a1')).toEqual({ state: 'verified', block: 5n });
    // A contradicted figure stays contradicted even when the claim moves: the new claim, struck.
    const moved = carriedCheck(check, claims(10n, 7n, 5n), claims(10n, 9n, 6n));
    expect(
      moved.tokens.get('0x00000000000000000000000000000000000000a1')?.get('0x00000000000000000000000000000000000000d1'),
    ).toEqual({
      state: 'contradicted',
      claimed: 9n,
      proven: 3n,
      source: 'http://x',
    });
    expect(
      carried.tokens
        .get('0x00000000000000000000000000000000000000a1')
        ?.get('0x00000000000000000000000000000000000000d1'),
    ).toEqual({
      state: 'contradicted',
      claimed: 7n,
      proven: 3n,
      source: 'http://x',
    });
    const unchanged = carriedCheck(check, claims(10n, 7n, 5n), claims(10n, 8n, 6n));
    expect(unchanged.native.get('0x00000000000000000000000000000000000000a1')).toEqual({
      state: 'verified',
      block: 5n,
    });
    expect(
      unchanged.tokens
        .get('0x00000000000000000000000000000000000000a1')
        ?.get('0x00000000000000000000000000000000000000d1')?.state,
    ).toBe('contradicted');
  });
});
