import { describe, expect, it } from 'vitest';
import { alice, dai, empty, mkr, snapshot, spam } from '@/testing/portfolioFixtures';
import { localNetwork } from '../chain/networks';
import { chartAssets } from './chartAssets';

describe('what the value chart follows', () => {
  const network = localNetwork('http://x');
  it('takes every priced asset the portfolio counts, held or not, and names held tokens without a feed', () => {
    const { assets, withoutFeed, prices } = chartAssets(snapshot, network, [alice], [dai, mkr, spam, empty], true);
    expect(assets.map((a) => [a.key, a.decimals, a.reconstruct, [...a.balances]])).toEqual([
      ['native', 18, true, [[alice.toLowerCase(), 2n * 10n ** 18n]]],
      [dai.address.toLowerCase(), 18, true, [[alice.toLowerCase(), 5n * 10n ** 18n]]],
    ]);
    expect(withoutFeed.map((t) => t.symbol)).toEqual(['MKR']);
    expect([...prices.keys()]).toEqual(['native', dai.address.toLowerCase()]);
  });

  it('holds the native balance where native history cannot be followed', () => {
    const { assets } = chartAssets(snapshot, network, [alice], [dai], false);
    expect(assets.find((a) => a.key === 'native')?.reconstruct).toBe(false);
    expect(assets.find((a) => a.key !== 'native')?.reconstruct).toBe(true);
  });
});
