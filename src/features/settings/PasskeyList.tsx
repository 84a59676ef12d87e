import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import type { PasskeySummary } from '@/core/vault/vaultSession';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVaultSession } from '@/lib/vault/vault';

/** The passkeys that unlock Cairn, each with its date, renamed or removed in place. */
export function PasskeyList({ passkeys }: { passkeys: readonly PasskeySummary[] }) {
  const t = useT('settings');
  const [removed, setRemoved] = useState<string>();
  return (
    <>
      <ul className={ui.plainList} aria-label={t('settings:passkeys.listLabel')}>
        {passkeys.map((passkey) => (
          <PasskeyRow key={passkey.credentialId} passkey={passkey} onRemoved={setRemoved} />
        ))}
      </ul>
      {removed !== undefined && <p role="status">{t('settings:passkeys.removed', { name: removed })}</p>}
    </>
  );
}

function PasskeyRow({ passkey, onRemoved }: { passkey: PasskeySummary; onRemoved(name: string): void }) {
  const t = useT('settings');
  const session = useVaultSession();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await task();
      return true;
    } catch (e) {
      setError(errorMessage(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => session.renamePasskey(passkey.credentialId, name))) setRenaming(false);
  };
  const remove = async () => {
    if (await run(() => session.removePasskey(passkey.credentialId))) onRemoved(passkey.name);
  };

  return (
    <li>
      {renaming ? (
        <form onSubmit={rename} noValidate>
          <Field label={t('settings:passkeys.renameLabel', { name: passkey.name })} error={error}>
            <input value={name} onChange={(e) => setName(e.target.value)} maxLength={40} autoComplete="off" />
          </Field>
          <div className={ui.actions}>
            <button type="submit" disabled={busy}>
              {t('settings:passkeys.save')}
            </button>
            <button type="button" className={ui.secondary} onClick={() => setRenaming(false)}>
              {t('settings:passkeys.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className={ui.actions}>
          <strong>{passkey.name}</strong>
          <span className={ui.muted}>{t('settings:passkeys.added', { when: new Date(passkey.createdAt) })}</span>
          <button
            type="button"
            className={ui.secondary}
            aria-label={t('settings:passkeys.renameButton', { name: passkey.name })}
            onClick={() => {
              setName(passkey.name);
              setRenaming(true);
            }}
          >
            {t('settings:passkeys.rename')}
          </button>
          <button
            type="button"
            className={ui.dangerButton}
            aria-label={t('settings:passkeys.removeButton', { name: passkey.name })}
            disabled={busy}
            onClick={() => void remove()}
          >
            {t('settings:passkeys.remove')}
          </button>
        </div>
      )}
      {!renaming && <ErrorAlert message={error} />}
    </li>
  );
}
