import { type KeyboardEvent, useEffect, useRef } from 'react';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { useT } from '@/lib/i18n';
import styles from './addressBook.module.css';

/** "Remove Alice?" with the two ways out; focus starts on Cancel so a stray Enter removes nothing. */
export function RemoveConfirmation({ name, onRemove, onCancel }: { name: string; onRemove(): void; onCancel(): void }) {
  const t = useT('addressBook');
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancelButton.current?.focus();
  }, []);
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };
  return (
    <fieldset className={`${ui.noticeWarning} ${styles.confirm}`} onKeyDown={cancelOnEscape}>
      <legend>
        <T id="addressBook:remove.question" values={{ name }} />
      </legend>
      <div className={ui.actions}>
        <button type="button" className={ui.dangerButton} onClick={onRemove}>
          {t('addressBook:remove.confirm')}
        </button>
        <button ref={cancelButton} type="button" className={ui.secondary} onClick={onCancel}>
          {t('addressBook:remove.cancel')}
        </button>
      </div>
    </fieldset>
  );
}
