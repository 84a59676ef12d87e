import type { ReactNode } from 'react';
import ui from './ui.module.css';

/**
 * A choice few should make, folded away under its summary and headed by a warning of what it
 * risks. Whether it is open is the caller's to keep (with the rest of the choice).
 */
export function RiskyChoice({
  summary,
  warning,
  open,
  onOpen,
  children,
}: {
  summary: string;
  warning: string;
  open: boolean;
  onOpen: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <details
      className={ui.disclosure}
      open={open}
      onToggle={(event) => {
        const now = event.currentTarget.open;
        if (now !== open) onOpen(now);
      }}
    >
      <summary>{summary}</summary>
      <div className={ui.stack}>
        <p className={ui.noticeDanger}>{warning}</p>
        {children}
      </div>
    </details>
  );
}
