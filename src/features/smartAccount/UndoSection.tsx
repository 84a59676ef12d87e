import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';

/**
 * The undo of an upgrade, or of a delegation to another contract: what it does and costs, then
 * its review; a signer outside Cairn says why it cannot be asked instead.
 */
export function UndoSection({
  foreign,
  cannot,
  busy,
  onReview,
}: {
  foreign: boolean;
  cannot: Message | undefined;
  busy: boolean;
  onReview: () => void;
}) {
  const t = useT('smartAccount');
  return (
    <section className={ui.section} aria-labelledby="smart-undo-title">
      <h2 id="smart-undo-title">{t(foreign ? 'smartAccount:undo.titleForeign' : 'smartAccount:undo.title')}</h2>
      <p>{t('smartAccount:undo.body')}</p>
      {cannot ? (
        <p className={ui.noticeWarning}>
          <T message={cannot} />
        </p>
      ) : (
        <>
          <p role="status">{busy ? t('smartAccount:undo.preparing') : ''}</p>
          <div className={ui.actions}>
            <button type="button" onClick={onReview} disabled={busy}>
              {t('smartAccount:undo.review')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
