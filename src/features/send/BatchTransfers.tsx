import { useId } from 'react';
import { useStore } from 'zustand';
import forms from '@/components/forms.module.css';
import ui from '@/components/ui.module.css';
import { useT } from '@/lib/i18n';
import { useSelectedNetwork } from '@/lib/stores/session';
import { BatchTransferLine } from './BatchTransferLine';
import { clearBatch, goTo, removeFromBatch, sendFlowStore } from './sendFlowStore';

/**
 * The transfers put in a batch, above Send's form: each can be taken out, and two or more are
 * reviewed as one transaction. A batch made for another account or network is only shown, to clear.
 */
export function BatchTransfers({ owner }: { owner: string | undefined }) {
  const t = useT('send');
  const titleId = useId();
  const network = useSelectedNetwork();
  const batch = useStore(sendFlowStore, (s) => s.form.batch);
  const batchFor = useStore(sendFlowStore, (s) => s.form.batchFor);
  if (batch.length === 0) return null;
  const mine = batchFor === owner;
  const count = batch.length;
  return (
    <section className={forms.stack} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('send:batch.title', { count })}</h2>
      {!mine && (
        <p role="status" className={ui.noticeWarning}>
          {t('send:batch.otherOwner')}
        </p>
      )}
      <ol>
        {batch.map((transfer, index) => (
          <li key={transfer.id}>
            <BatchTransferLine transfer={transfer} />{' '}
            <button
              type="button"
              onClick={() => removeFromBatch(transfer.id)}
              aria-label={t('send:batch.removeLabel', { index: index + 1 })}
            >
              {t('send:batch.remove')}
            </button>
          </li>
        ))}
      </ol>
      {count < 2 && mine && <p>{t('send:batch.addMore')}</p>}
      <div className={ui.actions}>
        <button
          type="button"
          disabled={!mine || count < 2}
          onClick={() => goTo({ name: 'batchReview', networkId: network.id })}
        >
          {t('send:batch.review', { count })}
        </button>
        <button type="button" onClick={clearBatch}>
          {t('send:batch.clear')}
        </button>
      </div>
    </section>
  );
}
