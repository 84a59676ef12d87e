import { cloneElement, type ReactElement, useId } from 'react';
import type { Message } from '@/core/i18n/message';
import styles from './forms.module.css';
import { T } from './T';

/**
 * A labelled form control with an optional hint and error. The error is tied to the control
 * (aria-describedby, aria-invalid) and announced when it appears. A hint or error given as a
 * Message is worded at render, its addresses and code isolated left to right.
 */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: Message | string | undefined;
  error?: Message | string | undefined;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(children, {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
  });
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          <T message={hint} />
        </p>
      )}
      {control}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          <T message={error} />
        </p>
      )}
    </div>
  );
}
