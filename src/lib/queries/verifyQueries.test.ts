import { describe, expect, it } from 'vitest';
import type { PortfolioSnapshot } from '@/core/assets/portfolio';
import { localNetwork, type Network } from '@/core/chain/networks';
import type { BalanceCheck } from '@/core/verify/figureChecks';
import { createVerifier } from '@/core/verify/verifier';
import { balanceCheckQuery } from './verifyQueries';

const mainnetLike: Network = {
  ...localNetwork(['http://127.0.0.1:1', 'http://127.0.0.1:2']),
  id: 'lc-test',
  kind: 'preset',
  chainId: 1,
};
const snapshot: PortfolioSnapshot = {
  blockNumber: 5n,
  timestamp: 0,
  native: new Map(),
  tokens: new Map(),
  prices: new Map(),
  via: 'multicall',
};
const request = { accounts: ['0x00000000000000000000000000000000000000a1' as const], tokens: [], feeds: [] };

describe('a balance check whose trusted header comes from a light client', () => {
  it('says the beacon API refused, once, and proves nothing, when the light client cannot start', async () => {
    const options = balanceCheckQuery(
      createVerifier(),
      mainnetLike,
      snapshot,
      request,
      {
        mode: 'balances',
        trust: { kind: 'lightClient', beaconUrl: 'http://127.0.0.1:9', checkpoint: `0x${'ab'.repeat(32)}` },
      },
      [],
    );
    const run = options.queryFn as unknown as () => Promise<BalanceCheck>;
    const check = await run();
    expect(check.header).toBeUndefined();
    expect(check.problems.map((p) => p.code)).toEqual(['VERIFY_BEACON_REFUSED']);
    expect(check.problems[0]?.shortMessage).toContain('http://127.0.0.1:9');
    expect(check.native.size + check.tokens.size).toBe(0);
  });
});
