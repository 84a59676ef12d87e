import { RpcUrlList } from '@/components/RpcUrlList';
import { errorCopy } from '@/lib/errorMessages';
import { useSelectedNetwork } from '@/lib/session';
import { useChainHead } from '@/lib/useChainHead';
import { useOnline } from '@/lib/useOnline';
import styles from './network.module.css';

/**
 * A panel shown while the selected network's node cannot be used: unreachable (with the RPC URL
 * and a retry) or answering for another chain. Cairn signs nothing in either state.
 */
export function NetworkProblem() {
  const network = useSelectedNetwork();
  const head = useChainHead(network);
  const online = useOnline();

  if (!online) {
    return (
      <div role="alert" className={styles.problem}>
        <h2 className={styles.problemTitle}>Offline</h2>
        <p>
          This device has no network. Cairn shows what it last read, marked with its block and age, and reads nothing
          new or sends nothing until the network returns. Signing a transaction offline (Sign → Offline transaction)
          works as it always does.
        </p>
      </div>
    );
  }

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
