import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { PricedSnapshot } from '@/core/assets/l2Pricing';
import type { Network } from '@/core/chain/networks';
import { parentAmong } from '@/core/chain/parentChains';
import { type NetworkPortfolio, useNetworkPortfolio } from './usePortfolio';

/** One followed network's portfolio, as read by its own useNetworkPortfolio. */
export type NetworkPortfolioPart = { network: Network; portfolio: NetworkPortfolio };

/**
 * Reads each network in `networks` (each through its own nodes, its own head and its own checks:
 * one useNetworkPortfolio per network, all at once) and hands the parts read so far to `children`,
 * in the networks' order. A network that fails only fails its own part.
 */
export function PortfoliosAcross({
  networks,
  children,
}: {
  networks: readonly Network[];
  children: (parts: NetworkPortfolioPart[]) => ReactNode;
}) {
  const [read, setRead] = useState<Record<string, NetworkPortfolio>>({});
  const report = useCallback(
    (id: string, portfolio: NetworkPortfolio) =>
      setRead((before) => (before[id] === portfolio ? before : { ...before, [id]: portfolio })),
    [],
  );
  const parts = networks.flatMap((network) => {
    const portfolio = read[network.id];
    return portfolio && portfolio.network === network ? [{ network, portfolio }] : [];
  });
  return (
    <>
      {networks.map((network) => {
        // An L2 read beside its parent prices from the parent's feeds while its sequencer is not up.
        const parent = parentAmong(network, networks);
        return (
          <NetworkReader
            key={network.id}
            network={network}
            parent={parent && { snapshot: read[parent.id]?.snapshot }}
            report={report}
          />
        );
      })}
      {children(parts)}
    </>
  );
}

function NetworkReader({
  network,
  parent,
  report,
}: {
  network: Network;
  parent: { snapshot: PricedSnapshot | undefined } | undefined;
  report: (id: string, portfolio: NetworkPortfolio) => void;
}) {
  // None of them is worked on here: each is followed in the background (refreshPolicy).
  const portfolio = useNetworkPortfolio(network, { attention: 'background', parent });
  const { status, view, snapshot, loading, error, limited, retrying, accounts, checks } = portfolio;
  // The hook's result is new at each render: report it again only when what it shows changed.
  // The whole status, a failure's words too (another reason with the same state is news).
  const statusKey = JSON.stringify(status, (_, value) => (typeof value === 'bigint' ? value.toString() : value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the listed values are what the part shows.
  const part = useMemo(
    () => portfolio,
    [statusKey, view, snapshot, loading, error, limited, retrying, accounts, checks, network],
  );
  useEffect(() => report(network.id, part), [report, network.id, part]);
  return null;
}
