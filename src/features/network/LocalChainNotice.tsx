import { DEMO_MNEMONIC } from '@/core/chain/localChain';
import { useSelectedNetwork } from '@/lib/session';
import styles from './network.module.css';

/** A loud reminder, whenever the local chain is selected, that its demo keys are public. */
export function LocalChainNotice() {
  const network = useSelectedNetwork();
  if (network.kind !== 'local') return null;
  return (
    <aside className={styles.notice} aria-label="Local demo chain">
      <p>
        <strong>Local demo chain.</strong> Its demo accounts come from the public Hardhat test phrase{' '}
        <code className={styles.phrase}>{DEMO_MNEMONIC}</code>. These keys are known to everyone: never send real funds
        to them or use them on a real network.
      </p>
    </aside>
  );
}
