import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { passkeyAvailability, passkeyOutput } from '@/lib/browser/passkeys';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVault, useVaultSession } from '@/lib/vault/vault';
import styles from './unlock.module.css';

/**
 * Unlocking with a passkey, offered first once one is set and the page can use passkeys: the
 * browser asks the person's authenticator (user verification required) for its PRF output, which
 * goes to the vault session and is zero-filled there. Failures are said here; the password form
 * below always works. After a failure the focus is back on the button (disabled while waiting).
 */
export function PasskeyUnlock() {
  const t = useT('unlock');
  const session = useVaultSession();
  const passkeys = useVault((s) => s.passkeys);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | string>();
  const button = useRef<HTMLButtonElement>(null);
  const offered = passkeys.length > 0 && passkeyAvailability().available;
  useEffect(() => {
    // Offered first: focus comes here from the password field's autofocus (the passkeys are known
    // a moment after the screen shows), never from a password being typed.
    const active = document.activeElement;
    if (offered && active instanceof HTMLInputElement && active.type === 'password' && active.value === '') {
      button.current?.focus();
    }
  }, [offered]);
  useEffect(() => {
    if (error !== undefined) button.current?.focus();
  }, [error]);
  if (!offered) return null;

  const unlock = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { credentialId, prfOutput } = await passkeyOutput(passkeys);
      try {
        await session.unlockWithPasskey(credentialId, prfOutput);
      } finally {
        // Handed over to the vault, this copy is already detached (empty); a call that never left keeps none.
        if (prfOutput.byteLength > 0) prfOutput.fill(0);
      }
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <div className={styles.form}>
      <div className={ui.actions}>
        <button ref={button} type="button" onClick={() => void unlock()} disabled={busy}>
          {t('unlock:passkey.unlock')}
        </button>
      </div>
      <div role="status">{busy && <p>{t('unlock:passkey.waiting')}</p>}</div>
      <ErrorAlert message={error} />
      <p className={ui.muted}>{t('unlock:passkey.orPassword')}</p>
    </div>
  );
}
