import { WeakPasswordError } from '../errors/vault';
import { type Message, msg } from '../i18n/message';

export const MIN_PASSWORD_LENGTH = 8;
/** zxcvbn score a new password must reach: 3 = "safely unguessable" (≥ 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;

/** A strength estimate: the score, and what makes the password weak and what would help, as Messages. */
export type PasswordEstimate = { score: 0 | 1 | 2 | 3 | 4; warning: Message | null; suggestions: Message[] };
export type PasswordEstimator = (password: string, userInputs: string[]) => PasswordEstimate;

export type PasswordVerdict =
  | { ok: true; estimate: PasswordEstimate }
  | { ok: false; reason: Message; estimate: PasswordEstimate | undefined };

/** Words a password should not be built from, because an attacker would try them first. */
export const CONTEXT_WORDS = ['cairn', 'wallet', 'ethereum', 'ether', 'crypto', 'bitcoin', 'metamask', 'password'];

/**
 * Judges a new password: at least 8 characters, and a strength estimate from zxcvbn of at
 * least 3. The reason is a sentence to show next to the field.
 */
export function judgePassword(password: string, estimator: PasswordEstimator): PasswordVerdict {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return { ok: false, reason: msg('core.keys:password.tooShort', { min: MIN_PASSWORD_LENGTH }), estimate: undefined };
  }
  const estimate = estimator(password, CONTEXT_WORDS);
  if (estimate.score < MIN_PASSWORD_SCORE) {
    const hint = estimate.suggestions[0] ?? msg('core.keys:password.suggestion.default');
    const reason = estimate.warning
      ? msg('core.keys:password.tooEasyBecause', { why: estimate.warning, hint })
      : msg('core.keys:password.tooEasy', { hint });
    return { ok: false, reason, estimate };
  }
  return { ok: true, estimate };
}

/** Throws VAULT_WEAK_PASSWORD with the reason unless the password is acceptable. */
export function assertStrongPassword(password: string, estimator: PasswordEstimator): void {
  const verdict = judgePassword(password, estimator);
  if (!verdict.ok) throw new WeakPasswordError(verdict.reason);
}
