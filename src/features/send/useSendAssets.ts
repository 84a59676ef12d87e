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

export type SendableAsset = { key: string; asset: Asset; balance: bigint | undefined };

/**
 * What the account can send on this network — the native coin and its listed and added tokens —
 * with balances and prices from one portfolio read.
 */
export function useSendAssets(network: Network, from: Address | undefined, selectedKey: string) {
  const custom = useSession((s) => s.customTokens[network.id] ?? EMPTY);
  const hidden = useSession((s) => s.hiddenTokens[network.id] ?? EMPTY);
  const tokens = useMemo(() => portfolioTokens(network, custom, [], hidden), [network, custom, hidden]);
  const request = useMemo(
    () => ({ accounts: from ? [from] : [], tokens: tokens.map((t) => t.address), feeds: priceFeedsFor(network) }),
    [from, tokens, network],
  );
  const { data } = useQuery(portfolioQuery(network, request));
  const key = from?.toLowerCase() ?? '';
  const assets: SendableAsset[] = [
    {
      key: 'native',
      asset: { kind: 'native', symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals },
      balance: data?.native.get(key),
    },
    ...tokens.map((t) => ({
      key: t.address.toLowerCase(),
      asset: { kind: 'token' as const, address: t.address, symbol: t.symbol, decimals: t.decimals },
      balance: data?.tokens.get(key)?.get(t.address.toLowerCase()),
    })),
  ];
  const selected = assets.find((a) => a.key === selectedKey) ?? (assets[0] as SendableAsset);
  const price: FeedAnswer | undefined = data?.prices.get(selected.key);
  return { assets, asset: selected.asset, balance: selected.balance, price };
}
