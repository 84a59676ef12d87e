import { RpcUrlList } from '@/components/RpcUrlList';
import { errorCopy } from '@/lib/errorMessages';
import { useSelectedNetwork } from '@/lib/session';
import { useChainHead } from '@/lib/useChainHead';
import styles from './network.module.css';

/**
 * A panel shown while the selected network's node cannot be used: unreachable (with the RPC URL
 * and a retry) or answering for another chain. Cairn signs nothing in either state.
 */
export function NetworkProblem() {
  const network = useSelectedNetwork();
  const head = useChainHead(network);

  if (head.isError) {
    const copy = errorCopy(head.error);
    return (
      <div role="alert" className={styles.problem}>
        <h2 className={styles.problemTitle}>{copy.title}</h2>
        <p>
          {copy.body} Cairn tried {network.rpcUrls.length === 1 ? 'this RPC URL' : 'these RPC URLs'}:
        </p>
        <RpcUrlList urls={network.rpcUrls} />
        {network.kind === 'local' && (
          <p>
            Is the local chain running? Start it with <code>npm start</code>.
          </p>
        )}
        {copy.details && <p className={styles.details}>Details: {copy.details}</p>}
        <button type="button" onClick={() => void head.refetch()} disabled={head.isFetching}>
          {head.isFetching ? 'Retrying…' : 'Retry'}
        </button>
      </div>
    );
  }

  if (head.data?.status === 'wrong-chain') {
    return (
      <div role="alert" className={styles.problem}>
        <h2 className={styles.problemTitle}>Wrong chain</h2>
        <p>
          The node at <code>{network.rpcUrls.join(', ')}</code> reports chain id <strong>{head.data.chainId}</strong>,
          but {network.name} is chain id <strong>{head.data.expectedChainId}</strong>. Cairn will not read balances or
          sign anything through it. Check the RPC URL, or choose the network this node belongs to.
        </p>
      </div>
    );
  }
  return null;
}
