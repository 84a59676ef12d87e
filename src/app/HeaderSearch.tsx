import { type ReactNode, useId, useState } from 'react';
import { icons } from '@/components/icons';
import { useT } from '@/lib/i18n';
import styles from './Shell.module.css';

/** The header's search: inline from 640 px up, behind a search button on phones. */
export function HeaderSearch({ children }: { children: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.search} data-open={open || undefined}>
      <button
        type="button"
        className={styles.searchToggle}
        aria-label={t('common:header.search')}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {icons.search}
      </button>
      <div id={id} className={styles.searchPanel}>
        {children}
      </div>
    </div>
  );
}
