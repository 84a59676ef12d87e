import { Link } from 'react-router';
import { isMessage, msg } from '@/core/i18n/message';
import type { TxRecord } from '@/core/tx/record';
import { useLinks } from '@/lib/links';
import { describeRecord, STATUS_WORDS } from '@/lib/txWording';
import { T } from './T';
import ui from './ui.module.css';

/**
 * A sent transaction's lines, as the tracker sees it: what it is and where it stands (in the
 * feature's sentence `statusId`), Cairn's own reason for a failure, and the way to its page.
 */
export function SentRecordLines({
  record,
  statusId,
  openLabel,
}: {
  record: TxRecord;
  statusId: 'safe:sent.status' | 'smartAccount:sent.status';
  openLabel: string;
}) {
  const links = useLinks();
  return (
    <>
      <p role="status">
        <T id={statusId} values={{ what: describeRecord(record), status: msg(STATUS_WORDS[record.status]) }} />
      </p>
      {record.status === 'failed' && isMessage(record.failureReason) && (
        <p role="alert" className={ui.noticeDanger}>
          <T message={record.failureReason} />
        </p>
      )}
      {record.hash && (
        <p>
          <Link to={links.transaction(record.hash)}>{openLabel}</Link>
        </p>
      )}
    </>
  );
}
