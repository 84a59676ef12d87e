import { SentRecordLines, sentStatusValues } from '@/components/SentRecordLines';
import ui from '@/components/ui.module.css';
import { msg } from '@/core/i18n/message';
import type { TxRecord } from '@/core/tx/record';
import { useT } from '@/lib/i18n';

/**
 * The upgrade or undo once sent: what it is and where it stands, followed as the tracker sees it,
 * with the way to its transaction page. Cairn's own reason for a failure is said here (an
 * authorization the network skipped); a contract's words are on the transaction page.
 */
export function SentStatus({ record }: { record: TxRecord }) {
  const t = useT('smartAccount');
  return (
    <section className={ui.section} aria-labelledby="smart-sent-title">
      <h2 id="smart-sent-title">{t('smartAccount:sent.title')}</h2>
      <div className={ui.card} data-status={record.status}>
        <SentRecordLines
          record={record}
          status={msg('smartAccount:sent.status', sentStatusValues(record))}
          openLabel={t('smartAccount:sent.open')}
        />
      </div>
    </section>
  );
}
