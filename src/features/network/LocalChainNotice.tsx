import { useId, useState } from 'react';
import { DEMO_MNEMONIC } from '@/core/chain/localChain';
import { useSelectedNetwork } from '@/lib/session';
import styles from './network.module.css';

/**
 * A slim bar on every screen while the local chain is selected: its demo keys are public. The
 * details (the phrase itself) open on demand. Mounted once for the window (not per screen), so a
 * screen reader meets it once, not at every unlock or screen change.
 */
export function LocalChainNotice() {
  const network = useSelectedNetwork();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (network.kind !== 'local') return null;
  return (
    <aside className={styles.chainBar} aria-label="Local demo chain">
      <p className={styles.chainBarLine}>
        <strong>Local demo chain:</strong> its demo keys are known to everyone. Never send real funds to them.
      </p>
      <button
        type="button"
        className={styles.chainBarToggle}
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide details' : 'Details'}
      </button>
      <p id={detailsId} className={styles.chainBarDetails} hidden={!open}>
        Its demo accounts come from the public Hardhat test phrase{' '}
        <code className={styles.phrase}>{DEMO_MNEMONIC}</code>: never use them on a real network.
      </p>
    </aside>
  );
}
