import { useContext, useState } from 'react';
import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import { T } from '@/components/T';
import { WorkProgress } from '@/components/WorkProgress';
import { type Message, msg } from '@/core/i18n/message';
import { readSmallTextFile } from '@/lib/browser/download';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVaultSession } from '@/lib/vault/vault';
import { StepForm } from './StepForm';
import { type FlowProps, ReplaceConsent } from './types';

export function RestoreBackupFlow({ mode, onDone, onCancel }: FlowProps) {
  const t = useT('onboarding');
  const session = useVaultSession();
  const replaceExisting = useContext(ReplaceConsent);
  const [file, setFile] = useState<File>();
  const [password, setPassword] = useState('');
  const [fileError, setFileError] = useState<Message | string>();
  const [passwordError, setPasswordError] = useState<Message>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Message>();

  const restore = async () => {
    setFileError(undefined);
    setPasswordError(undefined);
    if (!file) {
      setFileError(msg('onboarding:backup.noFile'));
      return;
    }
    setBusy(true);
    try {
      const { added } = await session.importBackup(await readSmallTextFile(file), password, { replaceExisting });
      if (mode === 'add' && added === 0) {
        setNotice(msg('onboarding:backup.nothingNew'));
        setBusy(false);
        return;
      }
      onDone();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'VAULT_WRONG_PASSWORD') setPasswordError(msg('onboarding:backup.wrongPassword'));
      else setFileError(errorMessage(e));
      setBusy(false);
    }
  };

  return (
    <StepForm
      title={t('onboarding:backup.title')}
      description={t(
        mode === 'first-run' ? 'onboarding:backup.description.firstRun' : 'onboarding:backup.description.add',
      )}
      onContinue={restore}
      continueLabel={t('onboarding:backup.restore')}
      busy={busy}
      busyLabel={t('onboarding:backup.restoring')}
      onBack={onCancel}
    >
      <Field label={t('onboarding:backup.fileLabel')} error={fileError}>
        <input type="file" accept=".json,application/json" onChange={(e) => setFile(e.target.files?.[0])} />
      </Field>
      <Field
        label={t('onboarding:backup.passwordLabel')}
        hint={t('onboarding:backup.passwordHint')}
        error={passwordError}
      >
        <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      {busy && <WorkProgress label={t('onboarding:backup.progress')} />}
      {notice && (
        <p role="status">
          <T message={notice} />
        </p>
      )}
    </StepForm>
  );
}
