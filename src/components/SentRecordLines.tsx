import { Link } from 'react-router';
import { isMessage, type Message, msg } from '@/core/i18n/message';
import type { TxRecord } from '@/core/tx/record';
import { describeRecord, STATUS_WORDS } from '@/lib/i18n/txWording';
import { useLinks } from '@/lib/links';
import { T } from './T';
import ui from './ui.module.css';

/** A sent transaction's status values for a feature's sentence: what it is, and where it stands. */
export const sentStatusValues = (record: TxRecord) => ({
  what: describeRecord(record),
  status: msg(STATUS_WORDS[record.status]),
});

/**
 * A sent transaction's lines, as the tracker sees it: where it stands (`status`, the feature's
 * sentence, from sentStatusValues), Cairn's own reason for a failure, and the way to its page.
 */
export function SentRecordLines({
  record,
  status,
  openLabel,
}: {
  record: TxRecord;
  status: Message;
  openLabel: string;
}) {
  const links = useLinks();
  return (
    <>
      <p role="status">
        <T message={status} />
      </p>
      {record.status === 'failed' && isMessage(record.failureReason) && (
        <p role="alert" className={ui.noticeDanger}>
          <T message={record.failureReason} />
        </p>
      )}
      {record.hash && (
        <p>
          <Link to={links.transaction(record.hash, record.networkId)}>{openLabel}</Link>
        </p>
      )}
    </>
  );
}
