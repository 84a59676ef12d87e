import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { MAX_PASSKEY_NAME_LENGTH } from '@/core/vault/keySlots';
import type { PasskeySummary } from '@/core/vault/vaultSession';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVaultSession } from '@/lib/vault/vault';

/**
 * The passkeys that unlock Cairn, each with its date, renamed or removed in place. A removed one
 * is reported through `onRemoved` (its row is gone, and with the last one the whole list).
 */
export function PasskeyList({
  passkeys,
  onRemoved,
}: {
  passkeys: readonly PasskeySummary[];
  onRemoved(name: string): void;
}) {
  const t = useT('settings');
  return (
    <ul className={ui.plainList} aria-label={t('settings:passkeys.listLabel')}>
      {passkeys.map((passkey) => (
        <PasskeyRow key={passkey.credentialId} passkey={passkey} onRemoved={onRemoved} />
      ))}
    </ul>
  );
}

/** One passkey. Focus moves into the rename field when it opens, and back to Rename when it closes. */
function PasskeyRow({ passkey, onRemoved }: { passkey: PasskeySummary; onRemoved(name: string): void }) {
  const t = useT('settings');
  const session = useVaultSession();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  /** Where focus goes once the row has settled (the target shown and enabled). */
  const focusAfter = useRef<'name' | 'rename' | 'remove'>(undefined);

  useEffect(() => {
    if (busy || !focusAfter.current) return;
    const target = { name: nameInput, rename: renameButton, remove: removeButton }[focusAfter.current].current;
    if (!target) return;
    focusAfter.current = undefined;
    target.focus();
  });

  /** Runs a change; a failure is said in place and focus goes back to `onFailure`. */
  const run = async (task: () => Promise<void>, onFailure: 'name' | 'remove') => {
    setBusy(true);
    setError(undefined);
    try {
      await task();
      return true;
    } catch (e) {
      setError(errorMessage(e));
      focusAfter.current = onFailure;
      return false;
    } finally {
      setBusy(false);
    }
  };
  const openRename = () => {
    setName(passkey.name);
    setError(undefined);
    focusAfter.current = 'name';
    setRenaming(true);
  };
  const closeRename = () => {
    setError(undefined);
    focusAfter.current = 'rename';
    setRenaming(false);
  };
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (await run(() => session.renamePasskey(passkey.credentialId, name), 'name')) closeRename();
  };
  const remove = async () => {
    if (await run(() => session.removePasskey(passkey.credentialId), 'remove')) onRemoved(passkey.name);
  };

  return (
    <li>
      {renaming ? (
        <form onSubmit={rename} noValidate>
          <Field label={t('settings:passkeys.renameLabel', { name: passkey.name })} error={error}>
            <input
              ref={nameInput}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={MAX_PASSKEY_NAME_LENGTH}
              autoComplete="off"
            />
          </Field>
          <div className={ui.actions}>
            <button type="submit" disabled={busy}>
              {t('settings:passkeys.save')}
            </button>
            <button type="button" className={ui.secondary} onClick={closeRename}>
              {t('settings:passkeys.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className={ui.actions}>
          <strong>{passkey.name}</strong>
          <span className={ui.muted}>{t('settings:passkeys.added', { when: new Date(passkey.createdAt) })}</span>
          <button
            ref={renameButton}
            type="button"
            className={ui.secondary}
            aria-label={t('settings:passkeys.renameButton', { name: passkey.name })}
            onClick={openRename}
          >
            {t('settings:passkeys.rename')}
          </button>
          <button
            ref={removeButton}
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
