import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { DisclosureButton } from '@/components/DisclosureButton';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { Screen } from '@/components/Screen';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import { VaultReplaceConsent } from '@/components/VaultReplaceConsent';
import { WorkProgress } from '@/components/WorkProgress';
import type { Message } from '@/core/i18n/message';
import type { VaultState } from '@/core/vault/vaultState';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVault, useVaultSession } from '@/lib/vault/vault';
import { PasskeyUnlock } from './PasskeyUnlock';
import styles from './unlock.module.css';

/** Whole seconds until `retryAt`, re-rendering while the wait lasts. */
function useCountdown(retryAt: number): number {
  const [, setTick] = useState(0);
  const remaining = Math.max(0, Math.ceil((retryAt - Date.now()) / 1_000));
  const waiting = remaining > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setTick((t) => t + 1), 500);
    return () => clearInterval(timer);
  }, [waiting]);
  return remaining;
}

export function UnlockScreen() {
  const session = useVaultSession();
  const lockedBy = useVault((s) => s.lockedBy);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const [retryAt, setRetryAt] = useState(0);
  const [forgot, setForgot] = useState(false);
  const wait = useCountdown(retryAt);

  useEffect(() => {
    void session.retryAt().then(setRetryAt);
  }, [session]);

  const unlock = async (event: FormEvent) => {
    event.preventDefault();
    if (wait > 0) return;
    setBusy(true);
    setError(undefined);
    try {
      await session.unlock(password);
    } catch (e) {
      setError(errorMessage(e));
      setRetryAt(await session.retryAt());
      setBusy(false);
    }
  };

  return (
    <UnlockForm
      password={password}
      onPassword={setPassword}
      error={error}
      busy={busy}
      wait={wait}
      lockedBy={lockedBy}
      forgot={forgot}
      onForgot={setForgot}
      onSubmit={unlock}
      passkey={<PasskeyUnlock />}
    >
      {forgot && <ForgotPassword />}
    </UnlockForm>
  );
}

type UnlockFormProps = {
  password: string;
  onPassword: (password: string) => void;
  error: Message | string | undefined;
  busy: boolean;
  /** Seconds until another attempt is allowed. */
  wait: number;
  lockedBy: VaultState['lockedBy'];
  forgot: boolean;
  onForgot: (shown: boolean) => void;
  onSubmit: (event: FormEvent) => void;
  /** Unlocking with a passkey, offered before the password once one is set (none in the pre-rendered shell). */
  passkey?: ReactNode;
  children?: ReactNode;
};

/**
 * The unlock screen's markup, with no state of its own: the screen above, and the shell of it
 * pre-rendered into index.html at build time (src/app/firstScreen), which paints before the code runs.
 */
export function UnlockForm(props: UnlockFormProps) {
  const t = useT('unlock');
  const { busy, wait, lockedBy } = props;
  return (
    <Screen title={t('unlock:title')}>
      {props.passkey}
      <form className={styles.form} onSubmit={props.onSubmit} noValidate>
        {lockedBy === 'idle' && <p role="status">{t('unlock:lockedBy.idle')}</p>}
        {lockedBy === 'changed' && <p role="status">{t('unlock:lockedBy.changed')}</p>}
        <Field label={t('unlock:password')} error={props.error}>
          <SecretInput value={props.password} onChange={(e) => props.onPassword(e.target.value)} autoFocus />
        </Field>
        {/* PBKDF2 in WebCrypto says nothing of how far it got: under way, with what it does. */}
        {busy && <WorkProgress label={t('unlock:progress')} />}
        {wait > 0 && (
          <p role="status" className={styles.wait}>
            {t('unlock:throttled', { seconds: wait })}
          </p>
        )}
        <div className={ui.actions}>
          <button type="submit" disabled={busy || wait > 0}>
            {t(busy ? 'unlock:unlocking' : 'unlock:unlock')}
          </button>
          <DisclosureButton open={props.forgot} onToggle={props.onForgot} className={styles.link}>
            {t('unlock:forgot.toggle')}
          </DisclosureButton>
        </div>
      </form>
      {props.children}
    </Screen>
  );
}

/**
 * The only way past a forgotten password: keep a copy of the vault (should the password come
 * back), remove it here and restore from the phrase, keys or a backup.
 */
function ForgotPassword() {
  const t = useT('unlock');
  const session = useVaultSession();
  const [error, setError] = useState<Message | string>();
  return (
    <section className={styles.forgot} aria-labelledby="forgot-title">
      <h2 id="forgot-title">{t('unlock:forgot.title')}</h2>
      <p>{t('unlock:forgot.body')}</p>
      <VaultReplaceConsent
        actionLabel={t('unlock:forgot.action')}
        words={t('unlock:forgot.words')}
        download={() => session.storedVaultText()}
        onConfirmed={(downloaded) => void session.reset(downloaded).catch((e: unknown) => setError(errorMessage(e)))}
      />
      <ErrorAlert message={error} />
    </section>
  );
}
