import { type ReactNode, useId } from 'react';
import styles from './EmptyState.module.css';

/**
 * Nothing to show yet, said where the content would be: what it means, and what to do next as
 * real links or buttons (`actions`).
 */
export function EmptyState({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.empty} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
