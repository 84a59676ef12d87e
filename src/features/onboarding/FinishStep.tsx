import { type ReactNode, useContext, useState } from 'react';
import { NewPasswordFields, newPasswordProblem, usePasswordEstimator } from '@/components/NewPasswordFields';
import { WorkProgress } from '@/components/WorkProgress';
import type { Message } from '@/core/i18n/message';
import type { AccountSpec, NewSecret } from '@/core/vault/contentsOps';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { withNamePrefixes } from '@/lib/names/accountNames';
import { useVaultSession } from '@/lib/vault/vault';
import { StepForm } from './StepForm';
import { type OnboardingMode, ReplaceConsent } from './types';

/**
 * The last step of every flow. On first run it asks for the vault password and creates the
 * vault; later it adds to the unlocked vault. `prepare` builds the secret only at that moment,
 * so key bytes exist no longer than needed.
 */
export function FinishStep({
  mode,
  prepare,
  onDone,
  summary,
}: {
  mode: OnboardingMode;
  prepare(): Promise<{ secret: NewSecret | undefined; accounts: AccountSpec[] }>;
  onDone(): void;
  /** What is added, in a sentence (a <T> with its values isolated). */
  summary: ReactNode;
}) {
  const t = useT('onboarding');
  const session = useVaultSession();
  const replaceExisting = useContext(ReplaceConsent);
  const estimator = usePasswordEstimator();
  const [password, setPassword] = useState({ password: '', confirm: '' });
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | string>();

  const submit = async () => {
    setAttempted(true);
    setError(undefined);
    if (mode === 'first-run' && (await newPasswordProblem(password))) return;
    setBusy(true);
    try {
      const { secret, accounts: specs } = await prepare();
      const accounts = withNamePrefixes(specs);
      if (mode === 'first-run') await session.create(password.password, secret, accounts, { replaceExisting });
      else await session.add(secret, accounts);
      onDone();
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <StepForm
      title={t(mode === 'first-run' ? 'onboarding:finish.title.firstRun' : 'onboarding:finish.title.add')}
      description={summary}
      error={error}
      onContinue={submit}
      continueLabel={t(mode === 'first-run' ? 'onboarding:finish.continue.firstRun' : 'onboarding:finish.continue.add')}
      busy={busy}
      busyLabel={t('onboarding:finish.saving')}
    >
      {mode === 'first-run' && (
        <>
          <p>{t('onboarding:finish.passwordIntro')}</p>
          <NewPasswordFields
            label={t('onboarding:finish.passwordLabel')}
            value={password}
            onChange={setPassword}
            estimator={estimator}
            showProblems={attempted}
          />
        </>
      )}
      {busy && (
        <WorkProgress
          label={t(mode === 'first-run' ? 'onboarding:finish.progress.firstRun' : 'onboarding:finish.progress.add')}
        />
      )}
    </StepForm>
  );
}
