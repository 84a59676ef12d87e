import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type Hex, TransactionReceiptNotFoundError } from 'viem';
import { getTransactionReceipt } from 'viem/actions';
import { CopyButton } from '@/components/CopyButton';
import ui from '@/components/ui.module.css';
import { chainClient } from '@/core/chain/client';
import { headPollIntervalMs, type Network } from '@/core/chain/networks';
import { toChainError } from '@/core/chain/toChainError';
import { errorText } from '@/lib/errorMessages';
import { useLinks } from '@/lib/links';
import { chainKeys } from '@/lib/queries/chainQueries';
import styles from './sign.module.css';
import { useFocusOnMount } from './useFocusOnMount';

/** The receipt of a sent transaction, or null while it is not mined. */
async function readReceipt(network: Network, hash: Hex) {
  try {
    const receipt = await getTransactionReceipt(chainClient(network), { hash });
    return { status: receipt.status, blockNumber: receipt.blockNumber };
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw toChainError(error, network.rpcUrls.length === 1 ? network.rpcUrls[0] : undefined);
  }
}

/** A broadcast transaction: its hash, a link to its page, and its receipt polled until it is mined. */
export function BroadcastStatus({
  hash,
  alreadyKnown,
  network,
}: {
  hash: Hex;
  alreadyKnown: boolean;
  network: Network;
}) {
  const links = useLinks();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const receipt = useQuery({
    queryKey: [...chainKeys.network(network), 'receipt', hash],
    queryFn: () => readReceipt(network, hash),
    retry: false,
    // Poll about once per block until mined; keep polling through node failures.
    refetchInterval: (query) => (query.state.data ? false : headPollIntervalMs(network)),
  });
  const mined = receipt.data;
  return (
    <section className={ui.card} aria-labelledby="broadcast-sent-title">
      <h3 id="broadcast-sent-title" ref={heading} tabIndex={-1}>
        Sent to {network.name}
      </h3>
      <p>
        {alreadyKnown
          ? 'The node already had this transaction; it was not sent twice.'
          : 'The node accepted the transaction.'}
      </p>
      <p>
        Transaction hash: <span className={styles.code}>{hash}</span>
      </p>
      <div className={ui.actions}>
        <CopyButton value={hash} label="Copy hash" />
        <Link to={links.transaction(hash)}>Open the transaction page</Link>
      </div>
      <p role="status" data-status={mined ? mined.status : 'pending'}>
        <strong>
          {mined
            ? mined.status === 'success'
              ? `Confirmed in block ${mined.blockNumber}.`
              : `Failed in block ${mined.blockNumber}: the transaction reverted; its fee was still paid.`
            : 'Pending: waiting to be mined.'}
        </strong>
      </p>
      {receipt.isError && !mined && (
        <p className={ui.noticeWarning}>
          The receipt could not be read: {errorText(receipt.error)} Cairn keeps asking at every block.
        </p>
      )}
    </section>
  );
}
