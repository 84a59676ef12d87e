import { formatCount } from '@/lib/format';
import { useSelectedNetwork } from '@/lib/session';
import { useChainHead } from '@/lib/useChainHead';
import styles from './network.module.css';

type NetworkState = 'ok' | 'pending' | 'down' | 'wrong';

const stateLabels: Record<NetworkState, string> = {
  ok: 'Connected',
  pending: 'Connecting',
  down: 'Unreachable',
  wrong: 'Wrong chain',
};

function useNetworkState() {
  const network = useSelectedNetwork();
  const head = useChainHead(network);
  const state: NetworkState = head.isError
    ? 'down'
    : head.data?.status === 'wrong-chain'
      ? 'wrong'
      : head.data
        ? 'ok'
        : 'pending';
  return { network, head, state };
}

/** The live status dot in the network chip (its words are in <NetworkStatus>). */
export function NetworkDot() {
  const { state } = useNetworkState();
  return <span className={styles.dot} data-state={state} aria-hidden="true" />;
}

/**
 * Compact live status for the header: state, chain id and latest block. Deliberately not a
 * live region: a block every second would drown a screen reader. Problems are announced by
 * <NetworkProblem>.
 */
export function NetworkStatus() {
  const { network, head, state } = useNetworkState();
  return (
    <section className={styles.status} aria-label="Network status" data-state={state}>
      <span className="visually-hidden">{network.name}</span>
      <span>
        {stateLabels[state]} · chain id {network.chainId}
      </span>
      {head.data && (
        <span>
          Block <span className={styles.blockNumber}>{formatCount(head.data.blockNumber)}</span>
        </span>
      )}
    </section>
  );
}
