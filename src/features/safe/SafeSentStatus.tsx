import { useId } from 'react';
import { Link } from 'react-router';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { isMessage, msg } from '@/core/i18n/message';
import type { TxRecord } from '@/core/tx/record';
import { useT } from '@/lib/i18n';
import { useLinks } from '@/lib/links';
import { describeRecord, STATUS_WORDS } from '@/lib/txWording';

/**
 * A transaction sent for a Safe transaction, once sent: what it is and where it stands, followed as
 * the tracker sees it, its failure's reason, and the way to its transaction page.
 */
export function SafeSentStatus({ record }: { record: TxRecord }) {
  const t = useT('safe');
  const links = useLinks();
  const id = useId();
  return (
    <section className={ui.section} aria-labelledby={id}>
      <h4 id={id}>{t('safe:sent.title')}</h4>
      <p role="status">
        <T id="safe:sent.status" values={{ what: describeRecord(record), status: msg(STATUS_WORDS[record.status]) }} />
      </p>
      {record.status === 'failed' && isMessage(record.failureReason) && (
        <p role="alert" className={ui.noticeDanger}>
          <T message={record.failureReason} />
        </p>
      )}
      {record.hash && (
        <p>
          <Link to={links.transaction(record.hash)}>{t('safe:sent.open')}</Link>
        </p>
      )}
    </section>
  );
}
