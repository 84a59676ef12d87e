import type { ReactNode } from 'react';
import { Dropdown, DropdownChoice, DropdownChoices } from '@/components/Dropdown';
import { Truncated } from '@/components/Truncated';
import type { Network } from '@/core/chain/networks';
import { useSelectedNetwork, useSession } from '@/lib/session';
import { NetworkIcon } from './NetworkIcon';
import styles from './network.module.css';

function groupOf(network: Network): string {
  if (network.kind === 'local') return 'On this machine';
  return network.testnet ? 'Test networks' : 'Networks';
}

/**
 * The header's network chip (icon, name, live status dot) and the menu it opens to choose
 * another. `dot` is the live status (it loads with the chain watch); `footer` adds links.
 */
export function NetworkMenu({ dot, footer }: { dot?: ReactNode; footer?: (close: () => void) => ReactNode }) {
  const networks = useSession((s) => s.networks);
  const selectNetwork = useSession((s) => s.selectNetwork);
  const selected = useSelectedNetwork();
  const groups = new Map<string, Network[]>();
  for (const network of networks) groups.set(groupOf(network), [...(groups.get(groupOf(network)) ?? []), network]);
  return (
    <Dropdown
      className={styles.chip}
      face={
        <>
          <span className="visually-hidden">Network: </span>
          <NetworkIcon network={selected} />
          <Truncated text={selected.name} className={styles.chipName} />
          {dot ?? <span className={styles.dot} data-state="pending" aria-hidden="true" />}
        </>
      }
    >
      {(close) => (
        <>
          {[...groups].map(([group, members]) => (
            <DropdownChoices key={group} heading={group}>
              {members.map((network) => (
                <DropdownChoice
                  key={network.id}
                  current={network.id === selected.id}
                  onChoose={() => {
                    selectNetwork(network.id);
                    close();
                  }}
                >
                  <NetworkIcon network={network} />
                  <span>{network.name}</span>
                </DropdownChoice>
              ))}
            </DropdownChoices>
          ))}
          {footer?.(close)}
        </>
      )}
    </Dropdown>
  );
}
