import { useEffect, useState } from 'react';
import { copyText, SECRET_CLIPBOARD_MS } from '@/lib/browser/clipboard';
import { useT } from '@/lib/i18n';
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
  const t = useT();
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
            ? t('common:copy.copiedSecret', { seconds: SECRET_CLIPBOARD_MS / 1000 })
            : t('common:copy.copied')
          : state === 'failed'
            ? t('common:copy.failed')
            : ''}
      </span>
    </>
  );
}
