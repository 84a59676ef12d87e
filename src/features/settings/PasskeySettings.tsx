import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { type Message, msg } from '@/core/i18n/message';
import { passkeyAvailability, registerPasskey } from '@/lib/browser/passkeys';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVault, useVaultSession } from '@/lib/vault/vault';
import { PasskeyList } from './PasskeyList';

/**
 * Passkeys that unlock Cairn: the list (rename, remove) and a form to add one. Adding asks for the
 * vault password (the passkey wraps the vault's key, taken from the password's copy) and then the
 * browser's passkey prompt. At an IP address the section says why passkeys cannot work there.
 */
export function PasskeySettings() {
  const t = useT('settings');
  const availability = passkeyAvailability();
  const passkeys = useVault((s) => s.passkeys);
  return (
    <section className={ui.section} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{t('settings:passkeys.title')}</h2>
      <p className={ui.muted}>{t('settings:passkeys.explained')}</p>
      {!availability.available && (
        <p role="note">
          <T message={availability.reason} />
        </p>
      )}
      {passkeys.length === 0 ? <p>{t('settings:passkeys.none')}</p> : <PasskeyList passkeys={passkeys} />}
      {availability.available && <AddPasskeyForm />}
    </section>
  );
}

function AddPasskeyForm() {
  const t = useT('settings');
  const session = useVaultSession();
  const passkeys = useVault((s) => s.passkeys);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [nameError, setNameError] = useState<Message | string>();
  const [passwordError, setPasswordError] = useState<Message | string>();
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNameError(undefined);
    setPasswordError(undefined);
    setError(undefined);
    setAdded(undefined);
    const trimmed = name.trim();
    if (trimmed === '') setNameError(msg('core.keys:vault.passkey.nameEmpty'));
    if (password === '') setPasswordError(msg('settings:passkeys.add.passwordMissing'));
    if (trimmed === '' || password === '') return;
    setBusy(true);
    try {
      // The password first, so a wrong one does not cost a passkey on the authenticator.
      await session.verifyPassword(password);
      const material = await registerPasskey(trimmed, passkeys);
      await session.addPasskey(password, material);
      setName('');
      setPassword('');
      setAdded(trimmed);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'VAULT_WRONG_PASSWORD' || code === 'VAULT_THROTTLED') setPasswordError(errorMessage(e));
      else if (code === 'VAULT_PASSKEY_NAME') setNameError(errorMessage(e));
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-passkey-title">
      <h3 id="add-passkey-title">{t('settings:passkeys.add.title')}</h3>
      <Field label={t('settings:passkeys.add.name')} hint={t('settings:passkeys.add.nameHint')} error={nameError}>
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={40} autoComplete="off" />
      </Field>
      <Field label={t('settings:passkeys.add.password')} error={passwordError}>
        <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <ErrorAlert message={error} />
      {busy && <p role="status">{t('settings:passkeys.add.waiting')}</p>}
      {added !== undefined && <p role="status">{t('settings:passkeys.add.done', { name: added })}</p>}
      <div className={ui.actions}>
        <button type="submit" disabled={busy}>
          {t('settings:passkeys.add.submit')}
        </button>
      </div>
    </form>
  );
}
