import type { ComponentType } from 'react';
import type { Network } from '@/core/chain/networks';
import { NetworkProblem } from '@/features/network/NetworkProblem';
import { NetworkDot, NetworkStatus } from '@/features/network/NetworkStatus';
import { QueryScope } from '@/lib/queries/queryClient';
import { useTrackedNetworks, useTransactionTracker } from './useTransactionTracker';

/** The component inside the shared query cache (the chain watch loads before anything else that reads). */
function scoped(Component: ComponentType): ComponentType {
  return function Scoped() {
    return (
      <QueryScope>
        <Component />
      </QueryScope>
    );
  };
}

/** The selected network's live status, for the header. */
export const ChainStatus = scoped(NetworkStatus);

/** The status dot of the header's network chip. */
export const ChainDot = scoped(NetworkDot);

/** What is wrong with the selected network's node, above every screen, when something is. */
export const ChainProblem = scoped(NetworkProblem);

/**
 * Follows this window's sent transactions at each new block, locked or not (it needs no key): on the
 * header's network, and on each other network while one of its transactions is in flight.
 */
export const ChainTracker = scoped(function Tracker() {
  const { networks, recheck } = useTrackedNetworks();
  return networks.map((network) => <NetworkTracker key={network.id} network={network} onPassEnd={recheck} />);
});

function NetworkTracker({ network, onPassEnd }: { network: Network; onPassEnd: () => void }) {
  useTransactionTracker(network, onPassEnd);
  return null;
}
