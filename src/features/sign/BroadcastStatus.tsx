import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Hex } from 'viem';
import { CopyButton } from '@/components/CopyButton';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import { codeValue, untrustedValue } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
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
  const t = useT('sign');
  const links = useLinks();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const receipt = useQuery(receiptQuery(network, hash));
  const mined = receipt.data;
  return (
    <section className={ui.card} aria-labelledby="broadcast-sent-title">
      <h3 id="broadcast-sent-title" ref={heading} tabIndex={-1}>
        <T id="sign:broadcast.sentTo" values={{ network: untrustedValue(network.name, 'name') }} />
      </h3>
      <p>{alreadyKnown ? t('sign:broadcast.alreadyKnown') : t('sign:broadcast.accepted')}</p>
      <p>
        <T id="sign:broadcast.hash" values={{ hash: codeValue(hash) }} tags={{ 0: <span className={styles.code} /> }} />
      </p>
      <div className={ui.actions}>
        <CopyButton value={hash} label={t('sign:broadcast.copyHash')} />
        <Link to={links.transaction(hash)}>{t('sign:broadcast.open')}</Link>
      </div>
      <p role="status" data-status={mined ? mined.status : 'pending'}>
        <strong>
          {mined
            ? mined.status === 'success'
              ? t('sign:broadcast.confirmed', { block: String(mined.blockNumber) })
              : t('sign:broadcast.failed', { block: String(mined.blockNumber) })
            : t('sign:broadcast.pending')}
        </strong>
      </p>
      {receipt.isError && !mined && (
        <p className={ui.noticeWarning}>
          <T id="sign:broadcast.receiptUnreadable" values={{ reason: errorMessage(receipt.error) }} />
        </p>
      )}
    </section>
  );
}
