import type { ReactNode } from 'react';
import { Dropdown, DropdownChoice, DropdownChoices } from '@/components/Dropdown';
import { NetworkIcon } from '@/components/NetworkIcon';
import { Truncated } from '@/components/Truncated';
import type { Network } from '@/core/chain/networks';
import { useT } from '@/lib/i18n';
import { useFollowedNetworks, useSelectedNetwork, useSession, useViewsAll } from '@/lib/stores/session';
import styles from './network.module.css';

type Group = 'network:menu.group.local' | 'network:menu.group.test' | 'network:menu.group.main';

function groupOf(network: Network): Group {
  if (network.kind === 'local') return 'network:menu.group.local';
  return network.testnet ? 'network:menu.group.test' : 'network:menu.group.main';
}

/**
 * The header's network chip: what this window shows. Following several networks, "All networks"
 * (Home and the lists show each of them, and each action takes its network from what it acts
 * on), or one network alone, which is then also the one the one-network tools use (Contracts,
 * Sign, the explorer). `dot` is the live status of that network (it loads with the chain watch);
 * `footer` adds links.
 */
export function NetworkMenu({ dot, footer }: { dot?: ReactNode; footer?: (close: () => void) => ReactNode }) {
  const t = useT('network');
  const networks = useSession((s) => s.networks);
  const setNetworkView = useSession((s) => s.setNetworkView);
  const selected = useSelectedNetwork();
  const several = useFollowedNetworks().length > 1;
  const all = useViewsAll();
  const groups = new Map<Group, Network[]>();
  for (const network of networks) groups.set(groupOf(network), [...(groups.get(groupOf(network)) ?? []), network]);
  return (
    <Dropdown
      className={styles.chip}
      face={
        <>
          <span className="visually-hidden">{t('network:menu.label')} </span>
          {all ? (
            <Truncated text={t('network:menu.all')} className={styles.chipName} />
          ) : (
            <>
              <NetworkIcon network={selected} />
              <Truncated text={selected.name} className={styles.chipName} />
              {dot ?? <span className={styles.dot} data-state="pending" aria-hidden="true" />}
            </>
          )}
        </>
      }
    >
      {(close) => (
        <>
          {several && (
            <DropdownChoices heading={t('network:menu.group.view')}>
              <DropdownChoice
                current={all}
                onChoose={() => {
                  setNetworkView('all');
                  close();
                }}
              >
                {t('network:menu.all')}
              </DropdownChoice>
            </DropdownChoices>
          )}
          {[...groups].map(([group, members]) => (
            <DropdownChoices key={group} heading={t(group)}>
              {members.map((network) => (
                <DropdownChoice
                  key={network.id}
                  current={!all && network.id === selected.id}
                  onChoose={() => {
                    setNetworkView(network.id);
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
