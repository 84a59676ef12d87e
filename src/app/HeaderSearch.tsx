import { type ReactNode, useId, useState } from 'react';
import { DisclosureButton } from '@/components/DisclosureButton';
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
      <DisclosureButton
        open={open}
        onToggle={setOpen}
        controls={id}
        className={styles.searchToggle}
        label={t('common:header.search')}
      >
        {icons.search}
      </DisclosureButton>
      <div id={id} className={styles.searchPanel}>
        {children}
      </div>
    </div>
  );
}
