import { useQuery } from '@tanstack/react-query';
import { type PricedSnapshot, wantsParentPrices } from '@/core/assets/l2Pricing';
import type { PortfolioToken } from '@/core/assets/token';
import type { Network } from '@/core/chain/networks';
import { parentAmong } from '@/core/chain/parentChains';
import { paceOf } from '@/core/chain/refreshPolicy';
import { nextReadMs, type ReadState, refusingNow } from '@/lib/portfolio/readBackoff';
import { feedPricesQuery } from '@/lib/queries/portfolioQueries';
import { useFollowedNetworks } from '@/lib/stores/session';

/**
 * The parent network's prices for an L2 whose own figures (`snapshot`) leave an asset unpriced
 * that the parent's feeds would price (wantsParentPrices: its sequencer down or in grace, a feed
 * stale), when the person follows the parent: its feeds alone, read through the parent's own nodes
 * (feedPricesQuery) at the parent's background pace, later and later while it refuses reads as
 * too many. Undefined otherwise: nothing is read for an L1, an L2 priced by its own feeds, or a
 * parent not followed (never anyone else's node for it).
 */
export function useParentPrices(
  network: Network,
  snapshot: PricedSnapshot | undefined,
  tokens: readonly PortfolioToken[],
  { enabled = true }: { enabled?: boolean } = {},
): PricedSnapshot | undefined {
  const parent = parentAmong(network, useFollowedNetworks());
  const wanted =
    enabled && parent !== undefined && snapshot !== undefined && wantsParentPrices(network, snapshot, tokens);
  const pollMs = paceOf(parent ?? network, 'background').pollMs;
  const read = useQuery({
    ...feedPricesQuery(parent ?? network),
    enabled: wanted,
    refetchInterval: (query: { queryHash: string; state: ReadState }) =>
      nextReadMs(query.queryHash, query.state, pollMs),
    refetchOnWindowFocus: (query: { state: ReadState }) => (refusingNow(query.state) ? false : 'always'),
  });
  return wanted ? read.data : undefined;
}
