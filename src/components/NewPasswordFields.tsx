import { useEffect, useState } from 'react';
import { judgePassword, MIN_PASSWORD_LENGTH, type PasswordEstimator } from '@/core/vault/passwordPolicy';
import { loadPasswordEstimator } from '@/core/vault/passwordStrength';
import { Field } from './Field';
import styles from './forms.module.css';
import { SecretInput } from './SecretInput';

const strengthWords = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

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
 * Resolves to the reason a new password cannot be used, or undefined when it can: it must pass
 * Cairn's password rules and match its confirmation. Waits for the estimator if it is loading.
 */
export async function newPasswordProblem(state: NewPasswordState): Promise<string | undefined> {
  const verdict = judgePassword(state.password, await loadPasswordEstimator());
  if (!verdict.ok) return verdict.reason;
  if (state.confirm !== state.password) return 'The two passwords do not match.';
  return undefined;
}

/** A new password with its confirmation and a live strength estimate. */
export function NewPasswordFields({
  label,
  value,
  onChange,
  estimator,
  showProblems,
}: {
  label: string;
  value: NewPasswordState;
  onChange(next: NewPasswordState): void;
  estimator: PasswordEstimator | undefined;
  /** Show the reason under the fields (after a submit attempt). */
  showProblems: boolean;
}) {
  const verdict = estimator && value.password.length > 0 ? judgePassword(value.password, estimator) : undefined;
  const score = verdict?.estimate?.score;
  const passwordError = showProblems && verdict && !verdict.ok ? verdict.reason : undefined;
  const confirmError =
    showProblems && verdict?.ok && value.confirm !== value.password ? 'The two passwords do not match.' : undefined;
  return (
    <>
      <Field
        label={label}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters and hard to guess. A few unrelated words work well. Cairn never stores it: if you forget it, only your recovery phrase or key can restore your accounts.`}
        error={passwordError}
      >
        <SecretInput value={value.password} onChange={(e) => onChange({ ...value, password: e.target.value })} />
      </Field>
      <div className={styles.field}>
        <label className={styles.hint}>
          Password strength{' '}
          <meter min={0} max={4} low={2} high={3} optimum={4} value={score ?? 0}>
            {score === undefined ? 'not rated' : strengthWords[score]}
          </meter>{' '}
          <span>
            {value.password.length === 0
              ? ''
              : value.password.length < MIN_PASSWORD_LENGTH
                ? 'Too short'
                : score === undefined
                  ? 'Checking…'
                  : strengthWords[score]}
          </span>
        </label>
      </div>
      <Field label={`Confirm ${label.toLowerCase()}`} error={confirmError}>
        <SecretInput value={value.confirm} onChange={(e) => onChange({ ...value, confirm: e.target.value })} />
      </Field>
    </>
  );
}
