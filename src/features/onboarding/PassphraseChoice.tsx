import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';

export type PassphraseState = { enabled: boolean; value: string; confirm: string };

export function passphraseProblem(state: PassphraseState, needsConfirm = true): string | undefined {
  if (!state.enabled) return undefined;
  if (state.value.length === 0) return 'Enter the passphrase, or untick the box to go without one.';
  if (needsConfirm && state.confirm !== state.value) return 'The two passphrases do not match.';
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
  const problem = showProblems ? passphraseProblem(value, needsConfirm) : undefined;
  return (
    <>
      <label className={ui.checkbox}>
        <input
          type="checkbox"
          checked={value.enabled}
          onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
        />
        <span>Use a BIP39 passphrase (advanced)</span>
      </label>
      {value.enabled && (
        <>
          <p className={ui.noticeDanger}>
            A passphrase makes a completely different wallet from the same words. It is not stored in the recovery
            phrase: to restore this wallet you will need both. If you lose the passphrase, the funds are lost for good —
            nobody, Cairn included, can recover it. Write it down with the same care.
          </p>
          <Field label="Passphrase" error={problem && !value.value ? problem : undefined}>
            <SecretInput value={value.value} onChange={(e) => onChange({ ...value, value: e.target.value })} />
          </Field>
          {needsConfirm && (
            <Field label="Confirm passphrase" error={problem && value.value ? problem : undefined}>
              <SecretInput value={value.confirm} onChange={(e) => onChange({ ...value, confirm: e.target.value })} />
            </Field>
          )}
        </>
      )}
    </>
  );
}
