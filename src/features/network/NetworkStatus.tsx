import { formatCount } from '@/lib/format';
import { useSelectedNetwork } from '@/lib/session';
import { useChainHead } from '@/lib/useChainHead';
import { useOnline } from '@/lib/useOnline';
import styles from './network.module.css';

type NetworkState = 'ok' | 'pending' | 'down' | 'wrong' | 'offline';

const stateLabels: Record<NetworkState, string> = {
  ok: 'Connected',
  pending: 'Connecting',
  down: 'Unreachable',
  wrong: 'Wrong chain',
  offline: 'Offline',
};

function useNetworkState() {
  const network = useSelectedNetwork();
  const head = useChainHead(network);
  const online = useOnline();
  const state: NetworkState = !online
    ? 'offline'
    : head.isError
      ? 'down'
      : head.data?.status === 'wrong-chain'
        ? 'wrong'
        : head.data
          ? 'ok'
          : 'pending';
  return { network, head, state, online };
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
  const { network, head, state, online } = useNetworkState();
  return (
    <section className={styles.status} aria-label="Network status" data-state={state}>
      <span className="visually-hidden">{network.name}</span>
      <span>
        {stateLabels[state]} · chain id {network.chainId}
      </span>
      {head.data && online && (
        <span>
          Block <span className={styles.blockNumber}>{formatCount(head.data.blockNumber)}</span>
        </span>
      )}
    </section>
  );
}
