import { useState } from 'react';
import { RpcUrlList } from '@/components/RpcUrlList';
import { Screen } from '@/components/Screen';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/stores/session';
import { NetworkFollow } from './NetworkFollow';
import { NetworkForm } from './NetworkForm';
import { NetworkReads } from './NetworkReads';
import { NetworkVerification } from './NetworkVerification';
import styles from './settings.module.css';

/** The list of networks with their RPC URLs: edit, add, remove (custom) or reset (built-in). */
export function NetworksScreen() {
  const t = useT('settings');
  const networks = useSession((s) => s.networks);
  const edited = useSession((s) => s.networkConfig.edits);
  const removeNetwork = useSession((s) => s.removeNetwork);
  const [editing, setEditing] = useState<string>();

  return (
    <Screen title={t('settings:networks.title')}>
      <p className={ui.muted}>{t('settings:networks.intro')}</p>
      <ul className={styles.networkList}>
        {networks.map((network) => (
          <li key={network.id} className={`${ui.card} ${editing === network.id ? styles.editing : ''}`}>
            <div className={ui.headerRow}>
              <h2 className={styles.cardTitle}>
                <bdi translate="no">{network.name}</bdi>
              </h2>
              <span className={ui.muted}>
                <T id="settings:networks.chainId" values={{ chainId: codeValue(String(network.chainId)) }} />
              </span>
              {network.kind === 'custom' && <span className={styles.tag}>{t('settings:networks.custom')}</span>}
              {edited[network.id] && <span className={styles.tag}>{t('settings:networks.edited')}</span>}
            </div>
            <RpcUrlList urls={network.rpcUrls} />
            <NetworkFollow network={network} />
            <NetworkReads network={network} />
            <NetworkVerification network={network} />
            {editing === network.id ? (
              <NetworkForm network={network} onDone={() => setEditing(undefined)} />
            ) : (
              <div className={ui.actions}>
                <button
                  type="button"
                  className={ui.secondary}
                  onClick={() => setEditing(network.id)}
                  aria-label={t('settings:networks.editNamed', { name: untrustedValue(network.name, 'name') })}
                >
                  {t('settings:networks.edit')}
                </button>
                {network.kind === 'custom' && (
                  <button
                    type="button"
                    className={ui.dangerButton}
                    onClick={() => removeNetwork(network.id)}
                    aria-label={t('settings:networks.removeNamed', { name: untrustedValue(network.name, 'name') })}
                  >
                    {t('settings:networks.remove')}
                  </button>
                )}
                {network.kind !== 'custom' && edited[network.id] && (
                  <button
                    type="button"
                    className={ui.secondary}
                    onClick={() => removeNetwork(network.id)}
                    aria-label={t('settings:networks.resetNamed', { name: untrustedValue(network.name, 'name') })}
                  >
                    {t('settings:networks.reset')}
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <section aria-label={t('settings:networks.add')} className={ui.card}>
          <h2 className={styles.cardTitle}>{t('settings:networks.add')}</h2>
          <NetworkForm network={undefined} onDone={() => setEditing(undefined)} />
        </section>
      ) : (
        <div className={ui.actions}>
          <button type="button" onClick={() => setEditing('new')}>
            {t('settings:networks.add')}
          </button>
        </div>
      )}
    </Screen>
  );
}
