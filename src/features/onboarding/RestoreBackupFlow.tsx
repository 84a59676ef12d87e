import { useContext, useState } from 'react';
import { Field } from '@/components/Field';
import { SecretInput } from '@/components/SecretInput';
import { readSmallTextFile } from '@/lib/download';
import { errorText } from '@/lib/errorMessages';
import { useVaultSession } from '@/lib/vault';
import { StepForm } from './StepForm';
import { type FlowProps, ReplaceConsent } from './types';

export function RestoreBackupFlow({ mode, onDone, onCancel }: FlowProps) {
  const session = useVaultSession();
  const replaceExisting = useContext(ReplaceConsent);
  const [file, setFile] = useState<File>();
  const [password, setPassword] = useState('');
  const [fileError, setFileError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();

  const restore = async () => {
    setFileError(undefined);
    setPasswordError(undefined);
    if (!file) {
      setFileError('Choose a Cairn backup file.');
      return;
    }
    setBusy(true);
    try {
      const { added } = await session.importBackup(await readSmallTextFile(file), password, { replaceExisting });
      if (mode === 'add' && added === 0) {
        setNotice('Every account in this backup is already in Cairn.');
        setBusy(false);
        return;
      }
      onDone();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === 'VAULT_WRONG_PASSWORD') setPasswordError('Wrong password for this backup.');
      else setFileError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <StepForm
      title="Restore a Cairn backup"
      description={
        mode === 'first-run'
          ? 'A vault backup file saved from Cairn. Its password becomes the password of Cairn on this device.'
          : 'The accounts in the backup are added to the ones you have.'
      }
      onContinue={restore}
      continueLabel="Restore"
      busy={busy}
      busyLabel="Restoring…"
      onBack={onCancel}
    >
      <Field label="Backup file" error={fileError}>
        <input type="file" accept=".json,application/json" onChange={(e) => setFile(e.target.files?.[0])} />
      </Field>
      <Field label="Backup password" hint="The password Cairn had when the backup was saved." error={passwordError}>
        <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      {notice && <p role="status">{notice}</p>}
    </StepForm>
  );
}
