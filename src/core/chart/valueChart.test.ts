import { describe, expect, it } from 'vitest';
import { alice, dai, snapshot } from '@/testing/portfolioFixtures';
import { localNetwork } from '../chain/networks';
import { roundIdOf } from '../prices/rounds';
import { chartAssets } from './chartAssets';
import { DAY_SECONDS, valueChartState } from './valueChart';

const network = localNetwork('http://x');
const NOW = snapshot.timestamp;
const NATIVE_FEED = '0x00000000000000000000000000000000000000e1';
const DAI_FEED = '0x00000000000000000000000000000000000000e2';
const feedOf = new Map([
  ['native', NATIVE_FEED],
  [dai.address.toLowerCase(), DAI_FEED],
]);
const times = [NOW - 3600, NOW];
const round = (answer: bigint) => ({ id: roundIdOf(1, 1), answer, updatedAt: NOW - 5 * DAY_SECONDS });
const rounds = new Map([
  [
    NATIVE_FEED,
    new Map([...times, NOW - DAY_SECONDS].map((t) => [t, round(t === NOW ? 3_000_00000000n : 2_000_00000000n)])),
  ],
  [DAI_FEED, new Map([...times, NOW - DAY_SECONDS].map((t) => [t, round(1_00000000n)]))],
]);

describe('the value chart’s state', () => {
  const charted = chartAssets(snapshot, network, [alice], [dai], true);
  const base = { charted, feedOf, rounds, times, now: NOW, asOfBlock: snapshot.blockNumber, history: [] };

  it('waits for the balances, then the prices, then the history; the 24-hour change needs no history', () => {
    expect(valueChartState({ ...base, charted: undefined }).waitingFor).toBe('balances');
    expect(valueChartState({ ...base, rounds: undefined }).waitingFor).toBe('prices');
    const waiting = valueChartState({ ...base, history: undefined });
    expect(waiting.waitingFor).toBe('history');
    expect(waiting.points).toBeUndefined();
    // 2 ETH at $3,000 now against $2,000 a day ago; DAI unchanged.
    expect(waiting.change24h).toEqual({ change: 2_000n * 10n ** 18n, before: 4_005n * 10n ** 18n });
  });

  it('draws every point once all three are there, ending at the total', () => {
    const state = valueChartState(base);
    expect(state.waitingFor).toBeUndefined();
    expect(state.points?.map((p) => p.value)).toEqual([4_005n * 10n ** 18n, 6_005n * 10n ** 18n]);
  });

  it('says there is nothing to chart where no held asset has a price feed, instead of waiting for ever', () => {
    const unpriced = chartAssets({ ...snapshot, prices: new Map() }, network, [alice], [dai], true);
    const state = valueChartState({ ...base, charted: unpriced, rounds: undefined });
    expect(state).toEqual({ points: undefined, change24h: undefined, waitingFor: undefined, noPrices: true });
  });
});
