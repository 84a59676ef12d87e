import { Link } from 'react-router';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { isMessage, msg } from '@/core/i18n/message';
import type { TxRecord } from '@/core/tx/record';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { describeRecord, STATUS_WORDS } from '@/lib/txWording';

/**
 * The upgrade or undo once sent: what it is and where it stands, followed as the tracker sees it,
 * with the way to its transaction page. Cairn's own reason for a failure is said here (an
 * authorization the network skipped); a contract's words are on the transaction page.
 */
export function SentStatus({ record }: { record: TxRecord }) {
  const t = useT('smartAccount');
  const links = useLinks();
  return (
    <section className={ui.section} aria-labelledby="smart-sent-title">
      <h2 id="smart-sent-title">{t('smartAccount:sent.title')}</h2>
      <div className={ui.card} data-status={record.status}>
        <p role="status">
          <T
            id="smartAccount:sent.status"
            values={{ what: describeRecord(record), status: msg(STATUS_WORDS[record.status]) }}
          />
        </p>
        {record.status === 'failed' && isMessage(record.failureReason) && (
          <p role="alert" className={ui.noticeDanger}>
            <T message={record.failureReason} />
          </p>
        )}
        {record.hash && (
          <p>
            <Link to={links.transaction(record.hash)}>{t('smartAccount:sent.open')}</Link>
          </p>
        )}
      </div>
    </section>
  );
}
