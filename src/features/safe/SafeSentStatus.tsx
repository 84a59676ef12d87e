import { useId } from 'react';
import { SentRecordLines, sentStatusValues } from '@/components/SentRecordLines';
import ui from '@/components/ui.module.css';
import { msg } from '@/core/i18n/message';
import type { TxRecord } from '@/core/tx/record';
import { useT } from '@/lib/i18n';

/**
 * A transaction sent for a Safe transaction, once sent: what it is and where it stands, followed as
 * the tracker sees it, its failure's reason, and the way to its transaction page.
 */
export function SafeSentStatus({ record }: { record: TxRecord }) {
  const t = useT('safe');
  const id = useId();
  return (
    <section className={ui.section} aria-labelledby={id}>
      <h4 id={id}>{t('safe:sent.title')}</h4>
      <SentRecordLines
        record={record}
        status={msg('safe:sent.status', sentStatusValues(record))}
        openLabel={t('safe:sent.open')}
      />
    </section>
  );
}
