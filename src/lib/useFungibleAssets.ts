import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Address } from 'viem';
import { portfolioTokens, priceFeedsFor } from '@/core/assets/catalogue';
import type { FeedAnswer } from '@/core/assets/portfolio';
import type { Network } from '@/core/chain/networks';
import type { Asset } from '@/core/tx/transfer';
import { portfolioQuery } from '@/lib/queries/portfolioQueries';
import { useSession } from '@/lib/session';

const EMPTY: never[] = [];

export type FungibleAsset = {
  /** 'native' or the token's lower-case address. */
  key: string;
  asset: Extract<Asset, { kind: 'native' | 'token' }>;
  balance: bigint | undefined;
  /** True for a token the person added themselves: on no bundled list. */
  added: boolean;
};

/**
 * The native coin and the listed and added tokens of this network, with `from`'s balances and
 * the prices, all from one portfolio read.
 */
export function useFungibleAssets(network: Network, from: Address | undefined) {
  const custom = useSession((s) => s.customTokens[network.id] ?? EMPTY);
  const hidden = useSession((s) => s.hiddenTokens[network.id] ?? EMPTY);
  const tokens = useMemo(() => portfolioTokens(network, custom, [], hidden), [network, custom, hidden]);
  const request = useMemo(
    () => ({ accounts: from ? [from] : [], tokens: tokens.map((t) => t.address), feeds: priceFeedsFor(network) }),
    [from, tokens, network],
  );
  const { data } = useQuery(portfolioQuery(network, request));
  const key = from?.toLowerCase() ?? '';
  const addedKeys = new Set(custom.map((t) => t.address.toLowerCase()));
  const assets: FungibleAsset[] = [
    {
      key: 'native',
      asset: { kind: 'native', symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals },
      balance: data?.native.get(key),
      added: false,
    },
    ...tokens.map((t) => ({
      key: t.address.toLowerCase(),
      asset: { kind: 'token' as const, address: t.address, symbol: t.symbol, decimals: t.decimals },
      balance: data?.tokens.get(key)?.get(t.address.toLowerCase()),
      added: addedKeys.has(t.address.toLowerCase()),
    })),
  ];
  const priceOf = (assetKey: string): FeedAnswer | undefined => data?.prices.get(assetKey);
  return { assets, priceOf };
}
