import { type KeyboardEvent, useEffect, useRef } from 'react';
import ui from '@/components/ui.module.css';
import styles from './addressBook.module.css';

/** "Remove Alice?" with the two ways out; focus starts on Cancel so a stray Enter removes nothing. */
export function RemoveConfirmation({ name, onRemove, onCancel }: { name: string; onRemove(): void; onCancel(): void }) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    cancelButton.current?.focus();
  }, []);
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };
  return (
    <fieldset className={`${ui.noticeWarning} ${styles.confirm}`} onKeyDown={cancelOnEscape}>
      <legend>Remove {name}?</legend>
      <div className={ui.actions}>
        <button type="button" className={ui.dangerButton} onClick={onRemove}>
          Remove contact
        </button>
        <button ref={cancelButton} type="button" className={ui.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
