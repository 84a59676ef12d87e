import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import { type Message, msg } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';

export type PassphraseState = { enabled: boolean; value: string; confirm: string };

export function passphraseProblem(state: PassphraseState, needsConfirm = true): Message | undefined {
  if (!state.enabled) return undefined;
  if (state.value.length === 0) return msg('onboarding:passphrase.empty');
  if (needsConfirm && state.confirm !== state.value) return msg('onboarding:passphrase.mismatch');
  return undefined;
}

/**
 * The optional BIP39 passphrase (sometimes called the 25th word), with a plain warning: it is
 * part of the key, not a password Cairn can reset.
 */
export function PassphraseChoice({
  value,
  onChange,
  showProblems,
  needsConfirm = true,
}: {
  value: PassphraseState;
  onChange(next: PassphraseState): void;
  showProblems: boolean;
  needsConfirm?: boolean;
}) {
  const t = useT('onboarding');
  const problem = showProblems ? passphraseProblem(value, needsConfirm) : undefined;
  return (
    <>
      <label className={ui.checkbox}>
        <input
          type="checkbox"
          checked={value.enabled}
          onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
        />
        <span>{t('onboarding:passphrase.use')}</span>
      </label>
      {value.enabled && (
        <>
          <p className={ui.noticeDanger}>{t('onboarding:passphrase.warning')}</p>
          <Field label={t('onboarding:passphrase.label')} error={problem && !value.value ? problem : undefined}>
            <SecretInput value={value.value} onChange={(e) => onChange({ ...value, value: e.target.value })} />
          </Field>
          {needsConfirm && (
            <Field label={t('onboarding:passphrase.confirmLabel')} error={problem && value.value ? problem : undefined}>
              <SecretInput value={value.confirm} onChange={(e) => onChange({ ...value, confirm: e.target.value })} />
            </Field>
          )}
        </>
      )}
    </>
  );
}
