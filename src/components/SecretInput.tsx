import { forwardRef, type InputHTMLAttributes, useState } from 'react';
import { useT } from '@/lib/i18n';
import styles from './forms.module.css';
import ui from './ui.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'spellCheck' | 'autoCapitalize'> & {
  /** Offer a button that shows the text (off for recovery-phrase words in a grid). */
  revealable?: boolean;
};

/**
 * An input for anything secret (password, phrase word, private key): a password field, so
 * browsers neither store it in session-restore data nor send it to spell-check services, with
 * autocomplete, spell-check and auto-capitalisation off.
 */
export const SecretInput = forwardRef<HTMLInputElement, Props>(function SecretInput(
  { revealable = true, className, ...props },
  ref,
) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const input = (
    <input
      {...props}
      ref={ref}
      className={className ?? styles.input}
      type={shown ? 'text' : 'password'}
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      data-secret="true"
    />
  );
  if (!revealable) return input;
  return (
    <span className={styles.secretRow}>
      {input}
      <button
        type="button"
        className={ui.secondary}
        aria-pressed={shown}
        aria-label={shown ? t('common:secret.hide') : t('common:secret.show')}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? t('common:secret.hide') : t('common:secret.show')}
      </button>
    </span>
  );
});
