import { useId } from 'react';
import type { Network } from '@/core/chain/networks';
import { useSelectedNetwork, useSession } from '@/lib/session';
import styles from './network.module.css';

function groupOf(network: Network): string {
  if (network.kind === 'local') return 'On this machine';
  return network.testnet ? 'Test networks' : 'Networks';
}

export function NetworkSelector() {
  const id = useId();
  const networks = useSession((s) => s.networks);
  const selectNetwork = useSession((s) => s.selectNetwork);
  const selected = useSelectedNetwork();
  const groups = new Map<string, Network[]>();
  for (const network of networks) {
    const group = groupOf(network);
    groups.set(group, [...(groups.get(group) ?? []), network]);
  }
  return (
    <div className={styles.selector}>
      <label htmlFor={id} className={styles.selectorLabel}>
        Network
      </label>
      <select id={id} value={selected.id} onChange={(event) => selectNetwork(event.target.value)}>
        {[...groups].map(([group, members]) => (
          <optgroup key={group} label={group}>
            {members.map((network) => (
              <option key={network.id} value={network.id}>
                {network.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
