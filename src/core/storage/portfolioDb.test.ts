import { describe, expect, it } from 'vitest';
import type { PortfolioSnapshot } from '../assets/portfolio';
import { fromStoredPortfolio, toStoredPortfolio } from './portfolioDb';

const snapshot: PortfolioSnapshot = {
  blockNumber: 19_000_000n,
  timestamp: 1_700_000_000,
  native: new Map([['0xaa', 10n ** 30n]]),
  tokens: new Map([['0xdai', new Map([['0xaa', 1234n]])]]),
  prices: new Map([
    ['eth-usd', { answer: 350_000_000_000n, decimals: 8, updatedAt: 1_699_999_000, roundId: 2n ** 70n }],
  ]),
  via: 'multicall',
};

describe('the last balances kept per node', () => {
  it('come back exactly as they were read, amounts beyond 2^53 included', () => {
    const stored = JSON.parse(JSON.stringify(toStoredPortfolio('node', snapshot)));
    expect(stored.key).toBe('node');
    expect(fromStoredPortfolio(stored)).toEqual(snapshot);
  });

  it('are dropped whole when any part is damaged, never shown half-read', () => {
    const good = toStoredPortfolio('node', snapshot);
    const damaged: unknown[] = [
      null,
      'text',
      { ...good, blockNumber: 19 },
      { ...good, blockNumber: '1.5' },
      { ...good, timestamp: -1 },
      { ...good, via: 'rumour' },
      { ...good, native: [['0xaa', '12abc']] },
      { ...good, native: {} },
      { ...good, tokens: [['0xdai', [['0xaa', 1234]]]] },
      { ...good, tokens: [[1, []]] },
      { ...good, prices: [['eth-usd', ['1', 8, 1, 'x']]] },
      { ...good, prices: [['eth-usd', ['1', -8, 1, '1']]] },
    ];
    for (const value of damaged) expect(fromStoredPortfolio(value)).toBeUndefined();
  });

  it('keep an L2’s sequencer round, and drop a damaged one whole', () => {
    const l2: PortfolioSnapshot = { ...snapshot, sequencer: { answer: 0n, startedAt: 1_699_990_000 } };
    expect(fromStoredPortfolio(JSON.parse(JSON.stringify(toStoredPortfolio('node', l2))))).toEqual(l2);
    const good = toStoredPortfolio('node', l2);
    for (const sequencer of [['x', 1], ['0', -1], '0', [0, 1]])
      expect(fromStoredPortfolio({ ...good, sequencer })).toBeUndefined();
  });
});
