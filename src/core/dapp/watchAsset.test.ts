import { describe, expect, it } from 'vitest';
import { renderMessage } from '../i18n/message';
import { claimMismatches } from './watchAsset';

const dai = { name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 };

describe('what a site says about a token, against its contract', () => {
  it('finds nothing when the site says nothing or the same', () => {
    expect(claimMismatches({}, dai)).toEqual([]);
    expect(claimMismatches({ symbol: 'DAI', decimals: 18 }, dai)).toEqual([]);
  });

  it('names a different symbol and different decimals', () => {
    expect(claimMismatches({ symbol: 'USDC', decimals: 6 }, dai).map(renderMessage)).toEqual([
      'The site calls it USDC; the contract says DAI.',
      'The site says 6 decimals; the contract says 18.',
    ]);
  });

  it('has nothing to compare the decimals with when the contract has none', () => {
    expect(claimMismatches({ decimals: 6 }, { ...dai, decimals: undefined })).toEqual([]);
  });
});
