import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Address } from 'viem';
import { portfolioTokens, priceFeedsFor } from '@/core/assets/catalogue';
import { type Priced, shownPrices } from '@/core/assets/l2Pricing';
import type { PortfolioSnapshot } from '@/core/assets/portfolio';
import type { Network } from '@/core/chain/networks';
import { sameAddress } from '@/core/keys/sameAddress';
import type { Asset } from '@/core/tx/transfer';
import { type FigureCheck, provenApart } from '@/core/verify/figureChecks';
import { verificationOf } from '@/core/verify/verificationSetting';
import { useParentPrices } from '@/lib/portfolio/useParentPrices';
import { usePortfolio } from '@/lib/portfolio/usePortfolio';
import { portfolioQuery } from '@/lib/queries/portfolioQueries';
import { useSession } from '@/lib/stores/session';

const EMPTY: never[] = [];

/**
 * What a list beside a balance says of it: the proofs contradict the node's claim, or the node
 * gives another at its head (either way the balance is the proven one), or it is not proven (read
 * where no check has said, with proof checks on). Nothing when proven, or when nothing is checked.
 */
export type BalanceMark = 'contradicted' | 'moved' | 'unproven' | undefined;

export type FungibleAsset = {
  /** 'native' or the token's lower-case address. */
  key: string;
  asset: Extract<Asset, { kind: 'native' | 'token' }>;
  /** As every figure takes it: the proven balance where a check has one apart from the node's claim. */
  balance: bigint | undefined;
  /** The proven balance where a check has one apart from the node's claim ("Max" sends no more). */
  proven?: bigint | undefined;
  mark?: BalanceMark;
  /** True for a token the person added themselves: on no bundled list. */
  added: boolean;
};

/** A balance's mark from its check (see BalanceMark); `checking`: proof checks are on for the network. */
export function balanceMark(check: FigureCheck | undefined, checking: boolean): BalanceMark {
  if (check?.state === 'contradicted' || check?.state === 'moved') return check.state;
  if (check?.state === 'unverified' || (!check && checking)) return 'unproven';
  return undefined;
}

/**
 * The native coin and the listed and added tokens of this network, with `from`'s balances and
 * the prices. An account the portfolio reads has them from the portfolio (usePortfolio): its
 * balances as every figure takes them, checked against proofs where the network's checks are on.
 * Another (one the portfolio leaves unread through a node the person did not choose) is read on
 * its own, not proven.
 */
export function useFungibleAssets(network: Network, from: Address | undefined) {
  const custom = useSession((s) => s.customTokens[network.id] ?? EMPTY);
  const hidden = useSession((s) => s.hiddenTokens[network.id] ?? EMPTY);
  const checking = verificationOf(
    useSession((s) => s.verification),
    network,
  ).mode;
  const tokens = useMemo(() => portfolioTokens(network, custom, [], hidden), [network, custom, hidden]);
  // The portfolio's read, at each new block as on Home (a balance a minute old is no base for a
  // send): a read of its own for Send or Swap would be one more, and unchecked.
  const portfolio = usePortfolio();
  const inPortfolio =
    from !== undefined && portfolio.network.id === network.id && portfolio.addresses.some((a) => sameAddress(a, from));
  const request = useMemo(
    () => ({
      accounts: from && !inPortfolio ? [from] : [],
      tokens: tokens.map((t) => t.address),
      feeds: priceFeedsFor(network),
    }),
    [from, inPortfolio, tokens, network],
  );
  const own = useQuery(portfolioQuery(network, request));
  // Balances kept from an earlier visit, or left from a failed read, are not offered to spend.
  const data: PortfolioSnapshot | undefined = inPortfolio
    ? portfolio.stale
      ? undefined
      : portfolio.snapshot
    : from
      ? own.data
      : undefined;
  const checks = inPortfolio ? portfolio.checks : undefined;
  const key = from?.toLowerCase() ?? '';
  const addedKeys = new Set(custom.map((t) => t.address.toLowerCase()));
  const figure = (asset: string, balance: bigint | undefined) => {
    const check = asset === 'native' ? checks?.native.get(key) : checks?.tokens.get(key)?.get(asset);
    return {
      balance,
      proven: provenApart(check),
      mark: balance === undefined ? undefined : balanceMark(check, checking !== 'off'),
    };
  };
  const assets: FungibleAsset[] = [
    {
      key: 'native',
      asset: { kind: 'native', symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals },
      ...figure('native', data?.native.get(key)),
      added: false,
    },
    ...tokens.map((t) => ({
      key: t.address.toLowerCase(),
      asset: { kind: 'token' as const, address: t.address, symbol: t.symbol, decimals: t.decimals },
      ...figure(t.address.toLowerCase(), data?.tokens.get(key)?.get(t.address.toLowerCase())),
      added: addedKeys.has(t.address.toLowerCase()),
    })),
  ];
  // Prices by the same rule as Home's (an L2's sequencer; its parent's price standing in): the
  // portfolio's when it is this network's (they are no account's), else those of this read, with
  // the parent's read for them when wanted.
  const fromPortfolio = portfolio.network.id === network.id && !portfolio.stale;
  const parent = useParentPrices(network, data, tokens, { enabled: !fromPortfolio });
  const prices =
    data === undefined ? undefined : fromPortfolio ? portfolio.prices : shownPrices(network, data, tokens, parent);
  const priceOf = (assetKey: string): Priced | undefined => {
    const picked = prices?.get(assetKey);
    return picked && 'price' in picked ? picked : undefined;
  };
  return { assets, priceOf };
}
