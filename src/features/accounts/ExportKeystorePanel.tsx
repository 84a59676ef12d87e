import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ErrorAlert';
import { Field } from '@/components/Field';
import { NewPasswordFields, newPasswordProblem, usePasswordEstimator } from '@/components/NewPasswordFields';
import { SecretInput } from '@/components/SecretInput';
import ui from '@/components/ui.module.css';
import { WorkProgress } from '@/components/WorkProgress';
import type { Account } from '@/core/accounts/account';
import type { Message } from '@/core/i18n/message';
import { keystoreFileName } from '@/core/keys/keystore';
import { downloadText } from '@/lib/browser/download';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { encryptKeystoreInWorker } from '@/lib/vault/keystoreInWorker';
import { useVaultSession } from '@/lib/vault/vault';
import styles from './accounts.module.css';
import { PanelActions } from './PanelActions';

/** Saves one account as a keystore v3 file (scrypt n=262144) that geth, ethers and MyCrypto open. */
export function ExportKeystorePanel({ account, onClose }: { account: Account; onClose(): void }) {
  const t = useT('accounts');
  const session = useVaultSession();
  const estimator = usePasswordEstimator();
  const [vaultPassword, setVaultPassword] = useState('');
  const [filePassword, setFilePassword] = useState({ password: '', confirm: '' });
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<Message | string>();
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
      setError(errorMessage(e));
    } finally {
      setProgress(undefined);
    }
  };

  if (saved) {
    return (
      <section className={styles.panel} aria-label={t('accounts:keystore.savedLabel')}>
        <p role="status">{t('accounts:keystore.saved')}</p>
        <div className={ui.actions}>
          <button type="button" onClick={onClose}>
            {t('accounts:keystore.done')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className={styles.panel} onSubmit={save} noValidate aria-label={t('accounts:keystore.formLabel')}>
      <p>{t('accounts:keystore.intro')}</p>
      <Field label={t('accounts:keystore.vaultPassword')}>
        <SecretInput value={vaultPassword} onChange={(e) => setVaultPassword(e.target.value)} />
      </Field>
      <NewPasswordFields
        label={t('accounts:keystore.filePassword')}
        confirmLabel={t('common:newPassword.confirmKeystore')}
        value={filePassword}
        onChange={setFilePassword}
        estimator={estimator}
        showProblems={attempted}
      />
      {progress !== undefined && (
        <WorkProgress label={t('accounts:keystore.encrypting')} fraction={progress || undefined} />
      )}
      <ErrorAlert message={error} />
      <PanelActions onCancel={onClose}>
        <button type="submit" disabled={progress !== undefined}>
          {t('accounts:keystore.save')}
        </button>
      </PanelActions>
    </form>
  );
}
