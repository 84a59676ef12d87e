import { useId, useMemo, useState } from 'react';
import { Field } from '@/components/Field';
import { QrCameraScanner } from '@/components/QrCameraScanner';
import { QrImageField } from '@/components/QrImageField';
import { SecretInput } from '@/components/SecretInput';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { recoveryProgress } from '@/core/keys/slip39/recovery';
import type { Share } from '@/core/keys/slip39/share';
import type { RestoreKind } from '@/core/keys/slip39/sharedPhrase';
import { PHRASE_LANGUAGE_TAGS, PHRASE_LANGUAGES, type PhraseLanguage, phraseLanguageName } from '@/core/keys/wordlists';
import { useT } from '@/lib/i18n';
import type { PassphraseState } from './PassphraseChoice';
import { passphraseProblem } from './PassphraseChoice';
import { StepForm } from './StepForm';
import { sharesProgressText } from './sharesProgress';

export type ShareEntryState = {
  /** Unset until the person chooses: nothing in the shares tells. */
  kind: RestoreKind | undefined;
  language: PhraseLanguage;
  shares: readonly Share[];
  passphrase: PassphraseState;
};

/**
 * The shares, one at a time: what they restore, each share's words (typed, pasted, or read from a
 * QR code by the live camera or in a photo), the shares in so far and how many more each group
 * needs, and the passphrase.
 * `onAddShare` takes a share's text and returns the sentence refusing it, if it is refused.
 */
export function ShareEntry({
  state,
  onChange,
  onAddShare,
  onRemoveShare,
  onContinue,
  onBack,
  busy,
  error,
}: {
  state: ShareEntryState;
  onChange(next: ShareEntryState): void;
  onAddShare(text: string): Message | string | undefined;
  onRemoveShare(index: number): void;
  onContinue(): void;
  onBack(): void;
  busy: boolean;
  error: Message | string | undefined;
}) {
  const t = useT('onboarding');
  const kindGroup = useId();
  const [text, setText] = useState('');
  const [shareError, setShareError] = useState<Message | string>();
  const [attempted, setAttempted] = useState(false);
  const progress = useMemo(() => sharesProgressText(recoveryProgress(state.shares)), [state.shares]);
  const { passphrase } = state;
  const severalGroups = (state.shares[0]?.groupCount ?? 1) > 1;

  const add = () => {
    const refusal = onAddShare(text);
    setShareError(refusal);
    if (!refusal) setText('');
  };

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
      <Field
        label={t('onboarding:shares.shareLabel', { number: state.shares.length + 1 })}
        hint={t('onboarding:shares.shareHint')}
        error={shareError}
      >
        <SecretInput
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter adds the share (the step's Continue is for when enough are in).
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
        />
      </Field>
      <div className={ui.actions}>
        <button type="button" className={ui.secondary} onClick={add}>
          {t('onboarding:shares.add')}
        </button>
      </div>
      <QrCameraScanner what={t('onboarding:shares.scanWhat')} onText={onAddShare} />
      <QrImageField
        label={t('onboarding:shares.scanLabel')}
        hint={t('onboarding:shares.scanHint')}
        onText={onAddShare}
      />
      {state.shares.length > 0 && (
        <ul aria-label={t('onboarding:shares.entered')}>
          {state.shares.map((share, index) => {
            const place = { group: share.groupIndex + 1, member: share.memberIndex + 1 };
            return (
              <li key={`${share.groupIndex}-${share.memberIndex}`}>
                {t(severalGroups ? 'onboarding:shares.enteredGroupShare' : 'onboarding:shares.enteredShare', place)}{' '}
                <button
                  type="button"
                  className={ui.secondary}
                  aria-label={t('onboarding:shares.removeLabel', place)}
                  onClick={() => onRemoveShare(index)}
                >
                  {t('onboarding:shares.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div role="status">
        <p>
          <T message={progress.summary} />
        </p>
        {progress.groups.length > 0 && (
          <ul>
            {progress.groups.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one line per group, in group order
              <li key={i}>
                <T message={line} />
              </li>
            ))}
          </ul>
        )}
      </div>
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
