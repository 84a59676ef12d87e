import { useEffect, useState } from 'react';
import { copyText } from '@/lib/clipboard';
import styles from './forms.module.css';
import ui from './ui.module.css';

/** Copies a value; for secrets the clipboard is cleared again after 60 s. */
export function CopyButton({
  value,
  label,
  secret = false,
  accessibleName,
}: {
  value: string;
  label: string;
  secret?: boolean;
  /** A fuller name for assistive technology when several copy buttons share a screen. */
  accessibleName?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2_000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <>
      <button
        type="button"
        className={ui.secondary}
        aria-label={accessibleName}
        onClick={() =>
          copyText(value, { secret }).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }
      >
        {label}
      </button>
      <span role="status" className={styles.hint}>
        {state === 'copied'
          ? secret
            ? 'Copied. The clipboard is cleared in 60 s.'
            : 'Copied.'
          : state === 'failed'
            ? 'Copy failed.'
            : ''}
      </span>
    </>
  );
}
