import { type FormEvent, useState } from 'react';
import { CopyButton } from '@/components/CopyButton';
import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import type { Account } from '@/core/accounts/account';
import type { RevealedSecret } from '@/core/vault/vaultSession';
import { errorText } from '@/lib/errorMessages';
import { useVaultSession } from '@/lib/vault';
import styles from './accounts.module.css';

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
  const session = useVaultSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<RevealedSecret>();
  const noun = what === 'phrase' ? 'recovery phrase' : 'private key';

  const reveal = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      setSecret(await session.reveal(account.id, what, password));
      setPassword('');
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const text = secret?.kind === 'phrase' ? secret.phrase : secret?.kind === 'privateKey' ? secret.privateKey : '';
  return (
    <section className={styles.panel} aria-label={`Show ${noun}`}>
      <p className={ui.noticeDanger}>
        Anyone who sees your {noun} can take everything in{' '}
        {what === 'phrase' ? 'every account made from it' : 'this account'}. Never type it into a website or share it
        with anyone, including “support”. Make sure nobody can see your screen.
      </p>
      {secret ? (
        <>
          <p className={styles.secret}>{text}</p>
          {secret.kind === 'phrase' && secret.passphrase && (
            <p>This wallet also uses a BIP39 passphrase, which you need together with the phrase.</p>
          )}
          <div className={ui.actions}>
            <CopyButton value={text} label={`Copy ${noun}`} secret />
            <button
              type="button"
              onClick={() => {
                setSecret(undefined);
                onClose();
              }}
            >
              Hide
            </button>
          </div>
        </>
      ) : (
        <form className={styles.section} onSubmit={reveal} noValidate>
          <Field label="Password" hint={`Enter your Cairn password to show the ${noun}.`} error={error}>
            <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <div className={ui.actions}>
            <button type="submit" disabled={busy}>
              {busy ? 'Checking…' : `Reveal ${noun}`}
            </button>
            <button type="button" className={ui.secondary} onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
