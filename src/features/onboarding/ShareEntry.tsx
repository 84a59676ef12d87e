import { useId, useState } from 'react';
import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import { ShareCollector } from '@/components/shares/ShareCollector';
import type { EnteredShares } from '@/components/shares/useEnteredShares';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import type { RestoreKind } from '@/core/keys/slip39/sharedPhrase';
import { PHRASE_LANGUAGE_TAGS, PHRASE_LANGUAGES, type PhraseLanguage, phraseLanguageName } from '@/core/keys/wordlists';
import { useT } from '@/lib/i18n';
import type { PassphraseState } from './PassphraseChoice';
import { passphraseProblem } from './PassphraseChoice';
import { StepForm } from './StepForm';

export type ShareEntryState = {
  /** Unset until the person chooses: nothing in the shares tells. */
  kind: RestoreKind | undefined;
  language: PhraseLanguage;
  passphrase: PassphraseState;
};

/**
 * The shares, one at a time: what they restore, the shares themselves (ShareCollector), and the
 * passphrase.
 */
export function ShareEntry({
  state,
  onChange,
  entered,
  onContinue,
  onBack,
  busy,
  error,
}: {
  state: ShareEntryState;
  onChange(next: ShareEntryState): void;
  entered: EnteredShares;
  onContinue(): void;
  onBack(): void;
  busy: boolean;
  error: Message | string | undefined;
}) {
  const t = useT('onboarding');
  const kindGroup = useId();
  const [attempted, setAttempted] = useState(false);
  const { passphrase } = state;

  return (
    <StepForm
      title={t('onboarding:shares.title')}
      description={t('onboarding:shares.description')}
      error={error}
      onContinue={() => {
        setAttempted(true);
        if (state.kind && !passphraseProblem(passphrase, false)) onContinue();
      }}
      continueLabel={t('onboarding:shares.continue')}
      busy={busy}
      busyLabel={t('onboarding:shares.restoring')}
      onBack={onBack}
    >
      <fieldset className={ui.choices} aria-invalid={attempted && !state.kind ? true : undefined}>
        <legend>{t('onboarding:shares.kind.legend')}</legend>
        {(['phrase', 'masterSecret'] as const).map((kind) => (
          <label key={kind} className={ui.checkbox}>
            <input
              type="radio"
              name={kindGroup}
              checked={state.kind === kind}
              onChange={() => onChange({ ...state, kind })}
            />
            <span>
              {t(`onboarding:shares.kind.${kind}`)}{' '}
              <span className={ui.muted}>{t(`onboarding:shares.kind.${kind}Hint`)}</span>
            </span>
          </label>
        ))}
        {attempted && !state.kind && <p role="alert">{t('onboarding:shares.kind.missing')}</p>}
      </fieldset>
      {state.kind === 'phrase' && (
        <Field label={t('onboarding:shares.language')} hint={t('onboarding:shares.languageHint')}>
          <select
            value={state.language}
            onChange={(e) => onChange({ ...state, language: e.target.value as PhraseLanguage })}
          >
            {PHRASE_LANGUAGES.map((language) => (
              <option key={language} value={language} lang={PHRASE_LANGUAGE_TAGS[language]} translate="no">
                {phraseLanguageName(language)}
              </option>
            ))}
          </select>
        </Field>
      )}
      <ShareCollector entered={entered} />
      <label className={ui.checkbox}>
        <input
          type="checkbox"
          checked={passphrase.enabled}
          onChange={(e) => onChange({ ...state, passphrase: { ...passphrase, enabled: e.target.checked } })}
        />
        <span>{t('onboarding:shares.passphraseUse')}</span>
      </label>
      {passphrase.enabled && (
        <>
          <p className={ui.noticeWarning}>{t('onboarding:shares.passphraseWarning')}</p>
          <Field
            label={t('onboarding:passphrase.label')}
            error={attempted ? passphraseProblem(passphrase, false) : undefined}
          >
            <SecretInput
              value={passphrase.value}
              onChange={(e) => onChange({ ...state, passphrase: { ...passphrase, value: e.target.value } })}
            />
          </Field>
        </>
      )}
    </StepForm>
  );
}
