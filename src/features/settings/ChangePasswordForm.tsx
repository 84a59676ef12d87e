import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import {
  NewPasswordFields,
  type NewPasswordState,
  newPasswordProblem,
  usePasswordEstimator,
} from '@/components/NewPasswordFields';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import { WorkProgress } from '@/components/WorkProgress';
import { type Message, msg } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVaultSession } from '@/lib/vault/vault';

const EMPTY: NewPasswordState = { password: '', confirm: '' };

/**
 * Replaces the vault password: the current one is checked, the new one must pass the same rules
 * as at creation, and the vault is re-encrypted in one write (interrupted, the old password still
 * opens it). Every window keeps working: they share the one session.
 */
export function ChangePasswordForm() {
  const t = useT('settings');
  const session = useVaultSession();
  const estimator = usePasswordEstimator();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState(EMPTY);
  const [attempted, setAttempted] = useState(false);
  const [currentError, setCurrentError] = useState<Message | string>();
  const [error, setError] = useState<Message | string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setCurrentError(undefined);
    setError(undefined);
    setDone(false);
    if (current === '') setCurrentError(msg('settings:password.currentMissing'));
    if ((await newPasswordProblem(next)) || current === '') return;
    setBusy(true);
    try {
      await session.changePassword(current, next.password);
      setCurrent('');
      setNext(EMPTY);
      setAttempted(false);
      setDone(true);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'VAULT_WRONG_PASSWORD' || code === 'VAULT_THROTTLED') setCurrentError(errorMessage(e));
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={ui.section} onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">{t('settings:password.title')}</h2>
      <p className={ui.muted}>{t('settings:password.backupsKeepOld')}</p>
      <Field label={t('settings:password.current')} error={currentError}>
        <SecretInput value={current} onChange={(e) => setCurrent(e.target.value)} />
      </Field>
      <NewPasswordFields
        label={t('settings:password.new')}
        confirmLabel={t('common:newPassword.confirmNew')}
        value={next}
        onChange={setNext}
        estimator={estimator}
        showProblems={attempted}
      />
      <ErrorAlert message={error} />
      {busy && <WorkProgress label={t('settings:password.progress')} />}
      {done && <p role="status">{t('settings:password.changed')}</p>}
      <div className={ui.actions}>
        <button type="submit" disabled={busy}>
          {busy ? t('settings:password.changing') : t('settings:password.change')}
        </button>
      </div>
    </form>
  );
}
