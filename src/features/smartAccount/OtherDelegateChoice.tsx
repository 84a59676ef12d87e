import { Field } from '@/components/Field';
import { RiskyChoice } from '@/components/RiskyChoice';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';

/** The advanced choice as the person left it: open or not, the address typed, the warning taken. */
export type OtherChoice = { open: boolean; text: string; understood: boolean };

export const NO_OTHER_CHOICE: OtherChoice = { open: false, text: '', understood: false };

/** Whether the person is upgrading to another delegate: the disclosure open, an address typed. */
export function choosesOther(choice: OtherChoice): boolean {
  return choice.open && choice.text.trim() !== '';
}

/**
 * "Use another delegate (advanced)": an address field behind a disclosure, with the warning that
 * such a contract controls the account and Cairn cannot check it, and the box the person must
 * tick before Continue. What is typed is kept; `error` names what is wrong with it.
 */
export function OtherDelegateChoice({
  choice,
  error,
  disabled,
  onChange,
}: {
  choice: OtherChoice;
  error: Message | string | undefined;
  disabled: boolean;
  onChange: (choice: OtherChoice) => void;
}) {
  const t = useT('smartAccount');
  return (
    <RiskyChoice
      summary={t('smartAccount:other.summary')}
      warning={t('smartAccount:other.warning')}
      open={choice.open}
      onOpen={(open) => onChange({ ...choice, open })}
    >
      <Field label={t('smartAccount:other.address')} hint={t('smartAccount:other.hint')} error={error}>
        <input
          type="text"
          value={choice.text}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          onChange={(event) => onChange({ ...choice, text: event.target.value })}
        />
      </Field>
      <label className={ui.checkbox}>
        <input
          type="checkbox"
          checked={choice.understood}
          disabled={disabled}
          onChange={(event) => onChange({ ...choice, understood: event.target.checked })}
        />
        <span>{t('smartAccount:other.understand')}</span>
      </label>
    </RiskyChoice>
  );
}
