import type { Network } from '@/core/chain/networks';
import { networkLabel } from './contactLabels';

/** "All EVM networks", each network, and the contact's own network if it has since been removed. */
export function NetworkOptions({ networks, current }: { networks: readonly Network[]; current: string }) {
  const missing = current !== 'all' && !networks.some((n) => n.id === current);
  return (
    <>
      <option value="all">All EVM networks</option>
      {networks.map((network) => (
        <option key={network.id} value={network.id}>
          {network.name}
        </option>
      ))}
      {missing && <option value={current}>{networkLabel(networks, current)}</option>}
    </>
  );
}
