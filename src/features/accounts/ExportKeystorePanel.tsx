import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { NewPasswordFields, newPasswordProblem, usePasswordEstimator } from '@/components/NewPasswordFields';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import { WorkProgress } from '@/components/WorkProgress';
import type { Account } from '@/core/accounts/account';
import { keystoreFileName } from '@/core/keys/keystore';
import { downloadText } from '@/lib/download';
import { errorText } from '@/lib/errorMessages';
import { encryptKeystoreInWorker } from '@/lib/keystoreInWorker';
import { useVaultSession } from '@/lib/vault';
import styles from './accounts.module.css';

/** Saves one account as a keystore v3 file (scrypt n=262144) that geth, ethers and MyCrypto open. */
export function ExportKeystorePanel({ account, onClose }: { account: Account; onClose(): void }) {
  const session = useVaultSession();
  const estimator = usePasswordEstimator();
  const [vaultPassword, setVaultPassword] = useState('');
  const [filePassword, setFilePassword] = useState({ password: '', confirm: '' });
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [saved, setSaved] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setError(undefined);
    if (await newPasswordProblem(filePassword)) return;
    setProgress(0);
    try {
      const key = await session.exportPrivateKey(account.id, vaultPassword);
      const json = await encryptKeystoreInWorker(key, filePassword.password, setProgress);
      downloadText(`${keystoreFileName(account.address, new Date())}.json`, json);
      setSaved(true);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setProgress(undefined);
    }
  };

  if (saved) {
    return (
      <section className={styles.panel} aria-label="Keystore file">
        <p role="status">
          Keystore file saved. Keep it and its password safe: together they give full control of the account.
        </p>
        <div className={ui.actions}>
          <button type="button" onClick={onClose}>
            Done
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className={styles.panel} onSubmit={save} noValidate aria-label="Download keystore file">
      <p>
        A keystore file holds this account's private key, encrypted with a password you choose now. Anyone with the file
        and its password controls the account.
      </p>
      <Field label="Cairn password">
        <SecretInput value={vaultPassword} onChange={(e) => setVaultPassword(e.target.value)} />
      </Field>
      <NewPasswordFields
        label="Keystore password"
        value={filePassword}
        onChange={setFilePassword}
        estimator={estimator}
        showProblems={attempted}
      />
      {progress !== undefined && <WorkProgress label="Encrypting…" fraction={progress} />}
      <ErrorAlert message={error} />
      <div className={ui.actions}>
        <button type="submit" disabled={progress !== undefined}>
          Save keystore file
        </button>
        <button type="button" className={ui.secondary} onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
