import { useState } from 'react';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import type { Message } from '@/core/i18n/message';
import { downloadText } from '@/lib/browser/download';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useVault, useVaultSession } from '@/lib/vault/vault';
import { backupSentence, secretTitle } from './backupWording';

/** Downloads the whole vault, encrypted with the vault password, as a backup file. */
export function useVaultBackupDownload() {
  const t = useT('settings');
  const session = useVaultSession();
  const [error, setError] = useState<Message | string>();
  const [saved, setSaved] = useState(false);
  const save = async () => {
    setError(undefined);
    try {
      const date = new Date().toISOString().slice(0, 10);
      downloadText(t('settings:backup.fileName', { date }), await session.exportBackup());
      setSaved(true);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return { save, saved, error };
}

/** The encrypted backup, and for each recovery phrase and key when a copy last left this browser. */
export function BackupSettings() {
  const t = useT('settings');
  const secrets = useVault((s) => s.secrets);
  const accounts = useVault((s) => s.accounts);
  const backup = useVaultBackupDownload();
  return (
    <section className={ui.section} aria-labelledby="backup-title">
      <h2 id="backup-title">{t('settings:backup.title')}</h2>
      <p>{t('settings:backup.explained')}</p>
      <div className={ui.actions}>
        <button type="button" onClick={() => void backup.save()}>
          {t('settings:backup.download')}
        </button>
        {backup.saved && <span role="status">{t('settings:backup.saved')}</span>}
      </div>
      {backup.error && (
        <p role="alert">
          <T message={backup.error} />
        </p>
      )}
      {secrets.length > 0 && (
        <ul className={ui.plainList} aria-label={t('settings:backup.listLabel')}>
          {secrets.map((secret) => (
            <li key={secret.id}>
              <strong>
                <T message={secretTitle(secret, accounts)} />
              </strong>
              <br />
              <span className={secret.backedUp ? undefined : ui.noticeWarning}>
                <T message={backupSentence(secret)} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
