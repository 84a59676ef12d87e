import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Hex } from 'viem';
import { CopyButton } from '@/components/CopyButton';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { errorText } from '@/lib/errorMessages';
import { useLinks } from '@/lib/links';
import { receiptQuery } from '@/lib/queries/txQueries';
import styles from './sign.module.css';
import { useFocusOnMount } from './useFocusOnMount';

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
  const receipt = useQuery(receiptQuery(network, hash));
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
