import type { LastKnownPortfolio } from '../assets/lastKnownPortfolio';
import type { FeedAnswer, PortfolioSnapshot } from '../assets/portfolio';
import type { CairnDatabase } from './database';

/** The stored form: amounts as decimal strings, maps as entry lists (checked when read back). */
export type StoredPortfolio = {
  key: string;
  blockNumber: string;
  timestamp: number;
  native: [string, string][];
  tokens: [string, [string, string][]][];
  prices: [string, [answer: string, decimals: number, updatedAt: number, roundId: string]][];
  via: 'multicall' | 'batch';
  /** The sequencer uptime round (answer, startedAt), on an L2 whose read named its feed. */
  sequencer?: [answer: string, startedAt: number];
};

const INTEGER = /^-?\d{1,78}$/;
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const amounts = (map: ReadonlyMap<string, bigint>): [string, string][] => [...map].map(([k, v]) => [k, String(v)]);

export function toStoredPortfolio(key: string, s: PortfolioSnapshot): StoredPortfolio {
  return {
    key,
    blockNumber: String(s.blockNumber),
    timestamp: s.timestamp,
    native: amounts(s.native),
    tokens: [...s.tokens].map(([token, byAccount]) => [token, amounts(byAccount)]),
    prices: [...s.prices].map(([feed, p]) => [feed, [String(p.answer), p.decimals, p.updatedAt, String(p.roundId)]]),
    via: s.via,
    ...(s.sequencer ? { sequencer: [String(s.sequencer.answer), s.sequencer.startedAt] } : {}),
  };
}

function amountMap(entries: unknown): Map<string, bigint> | undefined {
  if (!Array.isArray(entries)) return undefined;
  const map = new Map<string, bigint>();
  for (const entry of entries) {
    if (
      !Array.isArray(entry) ||
      typeof entry[0] !== 'string' ||
      typeof entry[1] !== 'string' ||
      !INTEGER.test(entry[1])
    )
      return undefined;
    map.set(entry[0], BigInt(entry[1]));
  }
  return map;
}

/** What was stored, or undefined when any part of it is damaged (nothing is shown then). */
export function fromStoredPortfolio(stored: unknown): PortfolioSnapshot | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const s = stored as Partial<StoredPortfolio>;
  if (typeof s.blockNumber !== 'string' || !INTEGER.test(s.blockNumber) || !isCount(s.timestamp)) return undefined;
  if ((s.via !== 'multicall' && s.via !== 'batch') || !Array.isArray(s.tokens) || !Array.isArray(s.prices))
    return undefined;
  const native = amountMap(s.native);
  if (!native) return undefined;
  const tokens = new Map<string, Map<string, bigint>>();
  for (const entry of s.tokens as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') return undefined;
    const byAccount = amountMap(entry[1]);
    if (!byAccount) return undefined;
    tokens.set(entry[0], byAccount);
  }
  const prices = new Map<string, FeedAnswer>();
  for (const entry of s.prices as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Array.isArray(entry[1])) return undefined;
    const [answer, decimals, updatedAt, roundId] = entry[1] as unknown[];
    if (typeof answer !== 'string' || !INTEGER.test(answer) || typeof roundId !== 'string' || !INTEGER.test(roundId))
      return undefined;
    if (!isCount(decimals) || !isCount(updatedAt)) return undefined;
    prices.set(entry[0], { answer: BigInt(answer), decimals, updatedAt, roundId: BigInt(roundId) });
  }
  const snapshot: PortfolioSnapshot = {
    blockNumber: BigInt(s.blockNumber),
    timestamp: s.timestamp,
    native,
    tokens,
    prices,
    via: s.via,
  };
  if (s.sequencer === undefined) return snapshot;
  const [answer, startedAt] = Array.isArray(s.sequencer) ? (s.sequencer as unknown[]) : [];
  if (typeof answer !== 'string' || !INTEGER.test(answer) || !isCount(startedAt)) return undefined;
  return { ...snapshot, sequencer: { answer: BigInt(answer), startedAt } };
}

export function indexedDbLastKnownPortfolio(db: CairnDatabase): LastKnownPortfolio {
  return {
    read: async (node) => fromStoredPortfolio(await db.get('portfolios', node)),
    save: async (node, snapshot) => {
      await db.put('portfolios', toStoredPortfolio(node, snapshot));
    },
  };
}
