import { Link } from 'react-router';
import { AddressText } from '@/components/AddressText';
import { Amount } from '@/components/Amount';
import { CodeText } from '@/components/CodeText';
import { ErrorAlert } from '@/components/ErrorAlert';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Network } from '@/core/chain/networks';
import type { SafeState } from '@/core/safe/readSafe';
import type { SafeEvent } from '@/core/safe/safeHistory';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useLinks } from '@/lib/links';
import { useSafeHistory } from '@/lib/safeScreenHooks';

/** One event in words: what happened, the addresses and amounts in their components. */
function EventLine({ event, network }: { event: SafeEvent; network: Network }) {
  const native = network.nativeCurrency;
  switch (event.kind) {
    case 'executed':
    case 'failed':
      return (
        <T
          id={event.kind === 'executed' ? 'safe:history.executed' : 'safe:history.failed'}
          tags={{ 0: <CodeText>{event.safeTxHash}</CodeText> }}
        />
      );
    case 'approved':
      return (
        <T
          id="safe:history.approved"
          tags={{ 0: <AddressText address={event.owner} />, 1: <CodeText>{event.safeTxHash}</CodeText> }}
        />
      );
    case 'received':
      return (
        <T
          id="safe:history.received"
          tags={{
            0: <Amount value={event.value} decimals={native.decimals} symbol={native.symbol} />,
            1: <AddressText address={event.sender} />,
          }}
        />
      );
    case 'ownerAdded':
    case 'ownerRemoved':
      return (
        <T
          id={event.kind === 'ownerAdded' ? 'safe:history.ownerAdded' : 'safe:history.ownerRemoved'}
          tags={{ 0: <AddressText address={event.owner} /> }}
        />
      );
    case 'threshold':
      return <T id="safe:history.threshold" values={{ threshold: event.threshold }} />;
    case 'ran':
      return (
        <T
          id={event.operation === 1 ? 'safe:history.ranDelegate' : 'safe:history.ran'}
          tags={{
            0: <AddressText address={event.to} />,
            1: <Amount value={event.value} decimals={native.decimals} symbol={native.symbol} />,
          }}
        />
      );
  }
}

/**
 * What the Safe itself logged, newest first (core/safe/safeHistory.ts): executions and their
 * failures, owners' on-chain approvals, ETH received, owner and threshold changes, and on a
 * SafeL2 what each execution ran; each with its block and a link to the transaction.
 */
export function SafeHistory({ network, state }: { network: Network; state: SafeState }) {
  const t = useT('safe');
  const links = useLinks();
  const history = useSafeHistory(network, state.address);
  const events = history.data?.events;
  return (
    <section className={ui.section} aria-labelledby="safe-history-title">
      <h2 id="safe-history-title">{t('safe:history.title')}</h2>
      <p className={ui.muted}>{t('safe:history.intro')}</p>
      {history.isError && <ErrorAlert message={errorMessage(history.error)} />}
      {history.isPending && !history.isError && <p role="status">{t('safe:history.reading')}</p>}
      {events?.length === 0 && <p>{t('safe:history.none')}</p>}
      {events && events.length > 0 && (
        <ol className={ui.plainList} aria-label={t('safe:history.title')}>
          {events.map((event) => (
            <li key={`${event.hash}:${event.logIndex}`}>
              <EventLine event={event} network={network} />{' '}
              <span className={ui.muted}>
                <T
                  id="safe:history.at"
                  values={{ block: String(event.blockNumber) }}
                  tags={{ 0: <Link to={links.transaction(event.hash)} /> }}
                />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
