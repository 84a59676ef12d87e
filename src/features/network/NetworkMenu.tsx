import type { ReactNode } from 'react';
import { Dropdown, DropdownChoice, DropdownChoices } from '@/components/Dropdown';
import { Truncated } from '@/components/Truncated';
import type { Network } from '@/core/chain/networks';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { NetworkIcon } from './NetworkIcon';
import styles from './network.module.css';

type Group = 'network:menu.group.local' | 'network:menu.group.test' | 'network:menu.group.main';

function groupOf(network: Network): Group {
  if (network.kind === 'local') return 'network:menu.group.local';
  return network.testnet ? 'network:menu.group.test' : 'network:menu.group.main';
}

/**
 * The header's network chip (icon, name, live status dot) and the menu it opens to choose
 * another. `dot` is the live status (it loads with the chain watch); `footer` adds links.
 */
export function NetworkMenu({ dot, footer }: { dot?: ReactNode; footer?: (close: () => void) => ReactNode }) {
  const t = useT('network');
  const networks = useSession((s) => s.networks);
  const selectNetwork = useSession((s) => s.selectNetwork);
  const selected = useSelectedNetwork();
  const groups = new Map<Group, Network[]>();
  for (const network of networks) groups.set(groupOf(network), [...(groups.get(groupOf(network)) ?? []), network]);
  return (
    <Dropdown
      className={styles.chip}
      face={
        <>
          <span className="visually-hidden">{t('network:menu.label')} </span>
          <NetworkIcon network={selected} />
          <Truncated text={selected.name} className={styles.chipName} />
          {dot ?? <span className={styles.dot} data-state="pending" aria-hidden="true" />}
        </>
      }
    >
      {(close) => (
        <>
          {[...groups].map(([group, members]) => (
            <DropdownChoices key={group} heading={t(group)}>
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
                  <bdi translate="no">{network.name}</bdi>
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
