import { formatCount } from '@/lib/format';
import { useSelectedNetwork } from '@/lib/session';
import { useChainHead } from '@/lib/useChainHead';
import styles from './network.module.css';

/**
 * Compact live status for the header: chain name, chain id and latest block. Deliberately not a
 * live region: a block every second would drown a screen reader. Problems are announced by
 * <NetworkProblem>.
 */
export function NetworkStatus() {
  const network = useSelectedNetwork();
  const head = useChainHead(network);
  const state = head.isError ? 'down' : head.data?.status === 'wrong-chain' ? 'wrong' : head.data ? 'ok' : 'pending';
  const label = {
    ok: 'Connected',
    pending: 'Connecting',
    down: 'Unreachable',
    wrong: 'Wrong chain',
  }[state];
  return (
    <section className={styles.status} aria-label="Network status" data-state={state}>
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.statusText}>
        <span className={styles.networkName}>{network.name}</span>
        <span>
          {label} · chain id {network.chainId}
        </span>
        {head.data && (
          <span>
            Block <span className={styles.blockNumber}>{formatCount(head.data.blockNumber)}</span>
          </span>
        )}
      </span>
    </section>
  );
}
