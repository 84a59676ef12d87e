import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { type Message, msg } from '@/core/i18n/message';
import { MAX_PASSKEY_NAME_LENGTH } from '@/core/vault/keySlots';
import { checkPasskeyName, checkRoomForPasskey } from '@/core/vault/vaultKeyChanges';
import { passkeyAvailability, registerPasskey } from '@/lib/browser/passkeys';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVault, useVaultSession } from '@/lib/vault/vault';
import { PasskeyList } from './PasskeyList';

/**
 * Passkeys that unlock Cairn: the list (rename, remove) and a form to add one. Adding asks for the
 * vault password (the passkey wraps the vault's key, taken from the password's copy) and then the
 * browser's passkey prompt. At an IP address the section says why passkeys cannot work there.
 * A removed passkey's row is gone (with the last one, the list): focus goes to the heading and
 * the removal is said in the section's status, which stays in place.
 */
export function PasskeySettings() {
  const t = useT('settings');
  const availability = passkeyAvailability();
  const passkeys = useVault((s) => s.passkeys);
  const heading = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState<string>();
  const onRemoved = (name: string) => {
    setRemoved(name);
    heading.current?.focus();
  };
  return (
    <section className={ui.section} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" ref={heading} tabIndex={-1}>
        {t('settings:passkeys.title')}
      </h2>
      <p className={ui.muted}>{t('settings:passkeys.explained')}</p>
      {!availability.available && (
        <p role="note">
          <T message={availability.reason} />
        </p>
      )}
      {passkeys.length === 0 ? (
        <p>{t('settings:passkeys.none')}</p>
      ) : (
        <PasskeyList passkeys={passkeys} onRemoved={onRemoved} />
      )}
      <div role="status">{removed !== undefined && <p>{t('settings:passkeys.removed', { name: removed })}</p>}</div>
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
  const form = useRef<HTMLFormElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  /** Set when an attempt ends: focus then goes to the first field refused, else back to the button. */
  const [settled, setSettled] = useState(0);
  useEffect(() => {
    if (settled === 0) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? submitButton.current)?.focus();
  }, [settled]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNameError(undefined);
    setPasswordError(undefined);
    setError(undefined);
    setAdded(undefined);
    // What can be checked before the prompt is, so a refusal costs no credential on the authenticator.
    const refused = (check: () => void, show: (reason: Message | string) => void) => {
      try {
        check();
        return false;
      } catch (e) {
        show(errorMessage(e));
        return true;
      }
    };
    const trimmed = name.trim();
    const badName = refused(() => checkPasskeyName(name), setNameError);
    const full = refused(() => checkRoomForPasskey(passkeys), setError);
    if (password === '') setPasswordError(msg('settings:passkeys.add.passwordMissing'));
    if (badName || full || password === '') {
      setSettled((n) => n + 1);
      return;
    }
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
      setSettled((n) => n + 1);
    }
  };

  return (
    <form ref={form} onSubmit={submit} noValidate aria-labelledby="add-passkey-title">
      <h3 id="add-passkey-title">{t('settings:passkeys.add.title')}</h3>
      <Field label={t('settings:passkeys.add.name')} hint={t('settings:passkeys.add.nameHint')} error={nameError}>
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={MAX_PASSKEY_NAME_LENGTH}
          autoComplete="off"
        />
      </Field>
      <Field label={t('settings:passkeys.add.password')} error={passwordError}>
        <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <ErrorAlert message={error} />
      <div role="status">
        {busy && <p>{t('settings:passkeys.add.waiting')}</p>}
        {added !== undefined && <p>{t('settings:passkeys.add.done', { name: added })}</p>}
      </div>
      <div className={ui.actions}>
        <button ref={submitButton} type="submit" disabled={busy}>
          {t('settings:passkeys.add.submit')}
        </button>
      </div>
    </form>
  );
}
