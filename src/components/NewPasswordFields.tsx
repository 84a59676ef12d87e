import { useEffect, useState } from 'react';
import { judgePassword, MIN_PASSWORD_LENGTH, type PasswordEstimator } from '@/core/vault/passwordPolicy';
import { loadPasswordEstimator } from '@/core/vault/passwordStrength';
import { t, translate, useT } from '@/lib/i18n';
import { Field } from './Field';
import styles from './forms.module.css';
import { SecretInput } from './SecretInput';

/** The estimator's scores 0–4 in words. */
const strengthWords = [
  'common:newPassword.strength.veryWeak',
  'common:newPassword.strength.weak',
  'common:newPassword.strength.fair',
  'common:newPassword.strength.strong',
  'common:newPassword.strength.veryStrong',
] as const;

/** Loads the strength estimator once (it is large, so only screens that need it load it). */
export function usePasswordEstimator(): PasswordEstimator | undefined {
  const [estimator, setEstimator] = useState<PasswordEstimator>();
  useEffect(() => {
    let alive = true;
    void loadPasswordEstimator().then((e) => alive && setEstimator(() => e));
    return () => {
      alive = false;
    };
  }, []);
  return estimator;
}

export type NewPasswordState = { password: string; confirm: string };

/**
 * Resolves to the reason a new password cannot be used (in the language shown), or undefined when
 * it can: it must pass Cairn's password rules and match its confirmation. Waits for the estimator
 * if it is loading.
 */
export async function newPasswordProblem(state: NewPasswordState): Promise<string | undefined> {
  const verdict = judgePassword(state.password, await loadPasswordEstimator());
  if (!verdict.ok) return translate(verdict.reason);
  if (state.confirm !== state.password) return t('common:newPassword.mismatch');
  return undefined;
}

/**
 * A new password with its confirmation and a live strength estimate. `confirmLabel` names the
 * second field ("Confirm new password"); without it, it is "Confirm password".
 */
export function NewPasswordFields({
  label,
  confirmLabel,
  value,
  onChange,
  estimator,
  showProblems,
}: {
  label: string;
  confirmLabel?: string | undefined;
  value: NewPasswordState;
  onChange(next: NewPasswordState): void;
  estimator: PasswordEstimator | undefined;
  /** Show the reason under the fields (after a submit attempt). */
  showProblems: boolean;
}) {
  const t = useT();
  const verdict = estimator && value.password.length > 0 ? judgePassword(value.password, estimator) : undefined;
  const score = verdict?.estimate?.score;
  const passwordError = showProblems && verdict && !verdict.ok ? verdict.reason : undefined;
  const confirmError =
    showProblems && verdict?.ok && value.confirm !== value.password ? t('common:newPassword.mismatch') : undefined;
  return (
    <>
      <Field label={label} hint={t('common:newPassword.hint', { min: MIN_PASSWORD_LENGTH })} error={passwordError}>
        <SecretInput value={value.password} onChange={(e) => onChange({ ...value, password: e.target.value })} />
      </Field>
      <div className={styles.field}>
        <label className={styles.hint}>
          {t('common:newPassword.strength.label')}{' '}
          <meter min={0} max={4} low={2} high={3} optimum={4} value={score ?? 0}>
            {score === undefined ? t('common:newPassword.strength.notRated') : t(strengthWords[score])}
          </meter>{' '}
          <span>
            {value.password.length === 0
              ? ''
              : value.password.length < MIN_PASSWORD_LENGTH
                ? t('common:newPassword.strength.tooShort')
                : score === undefined
                  ? t('common:newPassword.strength.checking')
                  : t(strengthWords[score])}
          </span>
        </label>
      </div>
      <Field label={confirmLabel ?? t('common:newPassword.confirm')} error={confirmError}>
        <SecretInput value={value.confirm} onChange={(e) => onChange({ ...value, confirm: e.target.value })} />
      </Field>
    </>
  );
}
