import { useStore } from 'zustand';
import { toastStore } from '@/lib/toasts';
import styles from './Toasts.module.css';

/** The notices region: announced politely, each dismissible. */
export function Toasts() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  return (
    <div className={styles.region} role="status" aria-live="polite" aria-label="Notifications">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-tone={toast.tone}>
          <span>{toast.text}</span>
          <button type="button" className={styles.close} onClick={() => dismiss(toast.id)} aria-label="Dismiss notice">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
