import { T } from '@/components/T';
import { codeValue, msg } from '@/core/i18n/message';
import { useOnline } from '@/lib/browser/useOnline';
import { useT } from '@/lib/i18n';
import { useChainHead } from '@/lib/queries/useChainHead';
import { useSelectedNetwork } from '@/lib/stores/session';
import styles from './network.module.css';

type NetworkState = 'ok' | 'pending' | 'down' | 'wrong' | 'offline';

const stateLabels = {
  ok: 'network:status.ok',
  pending: 'network:status.pending',
  down: 'network:status.down',
  wrong: 'network:status.wrong',
  offline: 'network:status.offline',
} as const satisfies Record<NetworkState, string>;

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
  const t = useT('network');
  const { network, head, state, online } = useNetworkState();
  return (
    <section className={styles.status} aria-label={t('network:status.label')} data-state={state}>
      <bdi className="visually-hidden" translate="no">
        {network.name}
      </bdi>
      <span>
        <T
          id="network:status.summary"
          values={{ state: msg(stateLabels[state]), chainId: codeValue(String(network.chainId)) }}
        />
      </span>
      {head.data && online && (
        <span>
          <T
            id="network:status.block"
            values={{ block: head.data.blockNumber }}
            tags={{ 0: <span className={styles.blockNumber} /> }}
          />
        </span>
      )}
    </section>
  );
}
