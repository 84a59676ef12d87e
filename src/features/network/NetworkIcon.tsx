import type { Network } from '@/core/chain/networks';
import styles from './network.module.css';

/** A network's mark: its initial in a disc (until bundled network icons replace it). */
export function NetworkIcon({ network }: { network: Network }) {
  return (
    // The initial is drawn by CSS, so it is not part of the text (or the name) of what holds the icon.
    <span className={styles.icon} data-initial={network.name.slice(0, 1).toUpperCase()} aria-hidden="true" />
  );
}
