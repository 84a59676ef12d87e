import { useState } from 'react';
import { RpcUrlList } from '@/components/RpcUrlList';
import { Screen } from '@/components/Screen';
import ui from '@/components/ui.module.css';
import { useSession } from '@/lib/session';
import { NetworkForm } from './NetworkForm';
import styles from './settings.module.css';

/** The list of networks with their RPC URLs: edit, add, remove (custom) or reset (built-in). */
export function NetworksScreen() {
  const networks = useSession((s) => s.networks);
  const edited = useSession((s) => s.networkConfig.edits);
  const removeNetwork = useSession((s) => s.removeNetwork);
  const [editing, setEditing] = useState<string>();

  return (
    <Screen title="Networks">
      <p className={ui.muted}>
        Cairn reads the chain only through these RPC URLs. Every request, with your addresses, goes to the node you set
        here.
      </p>
      <ul className={styles.networkList}>
        {networks.map((network) => (
          <li key={network.id} className={`${ui.card} ${editing === network.id ? styles.editing : ''}`}>
            <div className={ui.headerRow}>
              <h2 className={styles.cardTitle}>{network.name}</h2>
              <span className={ui.muted}>chain id {network.chainId}</span>
              {network.kind === 'custom' && <span className={styles.tag}>custom</span>}
              {edited[network.id] && <span className={styles.tag}>edited</span>}
            </div>
            <RpcUrlList urls={network.rpcUrls} />
            {editing === network.id ? (
              <NetworkForm network={network} onDone={() => setEditing(undefined)} />
            ) : (
              <div className={ui.actions}>
                <button
                  type="button"
                  className={ui.secondary}
                  onClick={() => setEditing(network.id)}
                  aria-label={`Edit ${network.name}`}
                >
                  Edit
                </button>
                {network.kind === 'custom' && (
                  <button
                    type="button"
                    className={ui.dangerButton}
                    onClick={() => removeNetwork(network.id)}
                    aria-label={`Remove ${network.name}`}
                  >
                    Remove
                  </button>
                )}
                {network.kind !== 'custom' && edited[network.id] && (
                  <button
                    type="button"
                    className={ui.secondary}
                    onClick={() => removeNetwork(network.id)}
                    aria-label={`Reset ${network.name}`}
                  >
                    Reset to defaults
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <section aria-label="Add a network" className={ui.card}>
          <h2 className={styles.cardTitle}>Add a network</h2>
          <NetworkForm network={undefined} onDone={() => setEditing(undefined)} />
        </section>
      ) : (
        <div className={ui.actions}>
          <button type="button" onClick={() => setEditing('new')}>
            Add a network
          </button>
        </div>
      )}
    </Screen>
  );
}
