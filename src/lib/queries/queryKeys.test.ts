import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { localNetwork } from '@/core/chain/networks';
import { balanceKeys } from './balanceQueries';
import { chainKeys } from './chainQueries';
import { explorerKeys } from './explorerQueries';
import { activityKeys, recordKeys } from './localKeys';
import { portfolioKeys } from './portfolioQueries';
import { txKeys } from './txQueries';

const address = '0x000000000000000000000000000000000000dEaD' as Address;
const hash = `0x${'ab'.repeat(32)}` as const;

/** Every factory that reads through a network, applied to one network. */
const factories: Record<string, (network: ReturnType<typeof localNetwork>) => readonly unknown[]> = {
  head: (n) => chainKeys.head(n),
  nativeBalances: (n) => balanceKeys.native(n, [address]),
  portfolio: (n) => portfolioKeys.snapshot(n, { accounts: [address], tokens: [], feeds: [] }),
  unsolicited: (n) => portfolioKeys.unsolicited(n, [address], []),
  transaction: (n) => explorerKeys.transaction(n, hash),
  addressDetails: (n) => explorerKeys.address(n, address),
  code: (n) => explorerKeys.code(n, address),
  labels: (n) => explorerKeys.labels(n, [address]),
  feeMarket: (n) => txKeys.feeMarket(n),
  pendingNonce: (n) => txKeys.pendingNonce(n, address, 5n, '1,2'),
  receipt: (n) => txKeys.receipt(n, hash),
  tokenMetadata: (n) => portfolioKeys.tokenMetadata(n, address),
  activity: (n) => activityKeys.account(n, address),
  dealings: (n) => activityKeys.dealings(n, address, 2),
  nfts: (n) => activityKeys.nfts(n, address, 3),
  records: (n) => recordKeys.account(n, address),
  networkRecords: (n) => recordKeys.network(n),
};

describe('query keys', () => {
  const network = localNetwork('http://127.0.0.1:8545');
  const otherUrls = { ...network, rpcUrls: ['http://127.0.0.1:9999'] };
  const otherChain = { ...network, chainId: 1 };

  for (const [name, key] of Object.entries(factories)) {
    it(`${name}: differs when the RPC URLs or the chain id differ, and only then`, () => {
      expect(key(network)).toEqual(key({ ...network }));
      expect(key(otherUrls)).not.toEqual(key(network));
      expect(key(otherChain)).not.toEqual(key(network));
      // The network's key comes first, after a store's root for Cairn's own data.
      expect(JSON.stringify(key(network))).toContain(JSON.stringify(chainKeys.network(network)).slice(1, -1));
    });
  }

  it('keeps each store family under one root, so one invalidation reaches all of it', () => {
    for (const key of [activityKeys.account(network, address), activityKeys.nfts(network, address, 1)])
      expect(key.slice(0, activityKeys.all.length)).toEqual([...activityKeys.all]);
    for (const key of [recordKeys.account(network, address), recordKeys.damaged()])
      expect(key.slice(0, recordKeys.all.length)).toEqual([...recordKeys.all]);
  });
});
