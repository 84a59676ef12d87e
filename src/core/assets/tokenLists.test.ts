import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { PRICE_FEEDS } from './priceFeeds';
import type { TokenList } from './token';
import arbitrum from './tokenLists/arbitrum.json';
import avalanche from './tokenLists/avalanche.json';
import base from './tokenLists/base.json';
import bsc from './tokenLists/bsc.json';
import ethereum from './tokenLists/ethereum.json';
import gnosis from './tokenLists/gnosis.json';
import optimism from './tokenLists/optimism.json';
import polygon from './tokenLists/polygon.json';
import sepolia from './tokenLists/sepolia.json';

/** The bundled list of each preset network, by chain id. */
const LISTS: readonly { network: string; chainId: number; list: TokenList }[] = [
  { network: 'ethereum', chainId: 1, list: ethereum },
  { network: 'sepolia', chainId: 11155111, list: sepolia },
  { network: 'base', chainId: 8453, list: base },
  { network: 'optimism', chainId: 10, list: optimism },
  { network: 'arbitrum', chainId: 42161, list: arbitrum },
  { network: 'polygon', chainId: 137, list: polygon },
  { network: 'bsc', chainId: 56, list: bsc },
  { network: 'gnosis', chainId: 100, list: gnosis },
  { network: 'avalanche', chainId: 43114, list: avalanche },
];

const PRESET_CHAIN_IDS = new Set(LISTS.map((l) => l.chainId));

function isChecksummed(address: string): boolean {
  try {
    return getAddress(address) === address;
  } catch {
    return false;
  }
}

describe.each(LISTS)('the $network token list', ({ chainId, list }) => {
  it('has the token-list header fields', () => {
    expect(list.name).toMatch(/^Cairn /);
    expect(Number.isNaN(Date.parse(list.timestamp))).toBe(false);
    for (const part of [list.version.major, list.version.minor, list.version.patch]) {
      expect(Number.isInteger(part) && part >= 0).toBe(true);
    }
    expect(list.tokens.length).toBeGreaterThanOrEqual(3);
    expect(list.tokens.length).toBeLessThanOrEqual(6);
  });

  it("holds only tokens of the list's own network", () => {
    for (const token of list.tokens) expect(token.chainId).toBe(chainId);
  });

  it('writes every address in EIP-55 checksummed form, each once', () => {
    for (const token of list.tokens) expect(isChecksummed(token.address), token.address).toBe(true);
    const lower = list.tokens.map((t) => t.address.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });

  it('gives each token sane decimals, a short symbol and a name', () => {
    for (const token of list.tokens) {
      expect(Number.isInteger(token.decimals), token.symbol).toBe(true);
      expect(token.decimals).toBeGreaterThanOrEqual(0);
      expect(token.decimals).toBeLessThanOrEqual(255);
      expect(token.symbol.length).toBeGreaterThanOrEqual(1);
      expect(token.symbol.length).toBeLessThanOrEqual(11);
      expect(token.name.length).toBeGreaterThan(0);
    }
  });

  it('names each token’s asset across networks once (extensions.cairnAsset, see assetGroups.ts)', () => {
    const ids = list.tokens.map((token) => token.extensions?.cairnAsset);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(\.[a-z0-9]+)?$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('points at no third-party image (no logoURI anywhere)', () => {
    expect(JSON.stringify(list)).not.toMatch(/logoURI/i);
  });
});

describe('PRICE_FEEDS', () => {
  it('writes every feed and asset address in EIP-55 checksummed form', () => {
    for (const feed of PRICE_FEEDS) {
      expect(isChecksummed(feed.address), feed.address).toBe(true);
      if (feed.asset !== 'native') expect(isChecksummed(feed.asset), feed.asset).toBe(true);
    }
  });

  it('only names preset networks', () => {
    for (const feed of PRICE_FEEDS) expect(PRESET_CHAIN_IDS.has(feed.chainId), String(feed.chainId)).toBe(true);
  });

  it('has at most one feed per (chain, asset)', () => {
    const keys = PRICE_FEEDS.map((f) => `${f.chainId}:${f.asset === 'native' ? 'native' : f.asset.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("prices only tokens that are in that chain's bundled list", () => {
    for (const feed of PRICE_FEEDS) {
      if (feed.asset === 'native') continue;
      const list = LISTS.find((l) => l.chainId === feed.chainId)?.list;
      const listed = list?.tokens.some((t) => t.address === feed.asset) ?? false;
      expect(listed, `${feed.chainId} ${feed.asset}`).toBe(true);
    }
  });

  it('quotes every feed in US dollars', () => {
    for (const feed of PRICE_FEEDS) expect(feed.pair).toMatch(/^\S+ \/ USD$/);
  });

  it("has a feed for every preset network's native coin", () => {
    for (const { chainId } of LISTS) {
      expect(
        PRICE_FEEDS.some((f) => f.chainId === chainId && f.asset === 'native'),
        String(chainId),
      ).toBe(true);
    }
  });
});
