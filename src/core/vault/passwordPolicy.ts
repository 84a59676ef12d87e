import { WeakPasswordError } from '../errors/vault';

export const MIN_PASSWORD_LENGTH = 8;
/** zxcvbn score a new password must reach: 3 = "safely unguessable" (≥ 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;

export type PasswordEstimate = { score: 0 | 1 | 2 | 3 | 4; warning: string | null; suggestions: string[] };
export type PasswordEstimator = (password: string, userInputs: string[]) => PasswordEstimate;

export type PasswordVerdict =
  | { ok: true; estimate: PasswordEstimate }
  | { ok: false; reason: string; estimate: PasswordEstimate | undefined };

/** Words a password should not be built from, because an attacker would try them first. */
export const CONTEXT_WORDS = ['cairn', 'wallet', 'ethereum', 'ether', 'crypto', 'bitcoin', 'metamask', 'password'];

/**
 * Judges a new password: at least 8 characters, and a strength estimate from zxcvbn of at
 * least 3. The reason is a sentence to show next to the field.
 */
export function judgePassword(password: string, estimator: PasswordEstimator): PasswordVerdict {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { ok: false, reason: `Use at least ${MIN_PASSWORD_LENGTH} characters.`, estimate: undefined };
  }
  const estimate = estimator(password, CONTEXT_WORDS);
  if (estimate.score < MIN_PASSWORD_SCORE) {
    const why = estimate.warning ? `${estimate.warning.replace(/\.?$/, '.')} ` : '';
    const hint = estimate.suggestions[0] ?? 'Add more words or characters that are hard to guess.';
    return { ok: false, reason: `This password is too easy to guess. ${why}${hint}`.trim(), estimate };
  }
  return { ok: true, estimate };
}

/** Throws VAULT_WEAK_PASSWORD with the reason unless the password is acceptable. */
export function assertStrongPassword(password: string, estimator: PasswordEstimator): void {
  const verdict = judgePassword(password, estimator);
  if (!verdict.ok) throw new WeakPasswordError(verdict.reason);
}
