import { type FormEvent, useState } from 'react';
import { CopyButton } from '@/components/CopyButton';
import { Field } from '@/components/Field';
import { LtrText } from '@/components/LtrText';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import { WorkProgress } from '@/components/WorkProgress';
import type { Account } from '@/core/accounts/account';
import type { Message } from '@/core/i18n/message';
import type { RevealedSecret } from '@/core/vault/vaultSession';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVaultSession } from '@/lib/vault/vault';
import styles from './accounts.module.css';
import { PanelActions } from './PanelActions';

/** The panel's words for each secret, whole sentences by message id (a language may say them differently). */
const WORDS = {
  phrase: {
    label: 'accounts:reveal.phrase.label',
    warning: 'accounts:reveal.phrase.warning',
    copy: 'accounts:reveal.phrase.copy',
    hint: 'accounts:reveal.phrase.hint',
    reveal: 'accounts:reveal.phrase.reveal',
  },
  privateKey: {
    label: 'accounts:reveal.privateKey.label',
    warning: 'accounts:reveal.privateKey.warning',
    copy: 'accounts:reveal.privateKey.copy',
    hint: 'accounts:reveal.privateKey.hint',
    reveal: 'accounts:reveal.privateKey.reveal',
  },
} as const;

/** Shows a recovery phrase or private key after the password, behind a warning. */
export function RevealSecretPanel({
  account,
  what,
  onClose,
}: {
  account: Account;
  what: 'phrase' | 'privateKey';
  onClose(): void;
}) {
  const t = useT('accounts');
  const session = useVaultSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<RevealedSecret>();
  const words = WORDS[what];

  const reveal = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      setSecret(await session.reveal(account.id, what, password));
      setPassword('');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const text = secret?.kind === 'phrase' ? secret.phrase : secret?.kind === 'privateKey' ? secret.privateKey : '';
  return (
    <section className={styles.panel} aria-label={t(words.label)}>
      <p className={ui.noticeDanger}>{t(words.warning)}</p>
      {secret ? (
        <>
          {/* The secret is never offered to a translator. */}
          <p className={styles.secret}>
            <LtrText>{text}</LtrText>
          </p>
          {secret.kind === 'phrase' && secret.passphrase && <p>{t('accounts:reveal.passphraseNote')}</p>}
          <div className={ui.actions}>
            <CopyButton value={text} label={t(words.copy)} secret />
            <button
              type="button"
              onClick={() => {
                setSecret(undefined);
                onClose();
              }}
            >
              {t('accounts:reveal.hide')}
            </button>
          </div>
        </>
      ) : (
        <form className={ui.stack} onSubmit={reveal} noValidate>
          <Field label={t('accounts:reveal.password')} hint={t(words.hint)} error={error}>
            <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          {busy && <WorkProgress label={t('accounts:reveal.progress')} />}
          <PanelActions onCancel={onClose}>
            <button type="submit" disabled={busy}>
              {busy ? t('accounts:reveal.checking') : t(words.reveal)}
            </button>
          </PanelActions>
        </form>
      )}
    </section>
  );
}
