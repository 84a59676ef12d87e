import type { ReactNode } from 'react';
import ui from '@/components/ui.module.css';
import { useT } from '@/lib/i18n';

/** A card panel's last row: the panel's own action (`children`), then Cancel, which closes the panel. */
export function PanelActions({ children, onCancel }: { children: ReactNode; onCancel: () => void }) {
  const t = useT('accounts');
  return (
    <div className={ui.actions}>
      {children}
      <button type="button" className={ui.secondary} onClick={onCancel}>
        {t('accounts:cancel')}
      </button>
    </div>
  );
}
