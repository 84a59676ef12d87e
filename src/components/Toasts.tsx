import { useStore } from 'zustand';
import { useT } from '@/lib/i18n';
import { toastStore } from '@/lib/toasts';
import { T } from './T';
import styles from './Toasts.module.css';

/** The notices region: announced politely, each dismissible. */
export function Toasts() {
  const t = useT();
  const toasts = useStore(toastStore, (s) => s.toasts);
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  return (
    <div className={styles.region} role="status" aria-live="polite" aria-label={t('common:toasts.region')}>
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-tone={toast.tone}>
          <span>
            <T message={toast.text} />
          </span>
          <button
            type="button"
            className={styles.close}
            onClick={() => dismiss(toast.id)}
            aria-label={t('common:toasts.dismiss')}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
