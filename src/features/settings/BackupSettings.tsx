import { useState } from 'react';
import ui from '@/components/ui.module.css';
import { downloadText } from '@/lib/download';
import { errorText } from '@/lib/errorMessages';
import { useVault, useVaultSession } from '@/lib/vault';
import { backupSentence, formatBackupDate, secretTitle } from './backupWording';

/** Downloads the whole vault, encrypted with the vault password, as a backup file. */
export function useVaultBackupDownload() {
  const session = useVaultSession();
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const save = async () => {
    setError(undefined);
    try {
      const date = new Date().toISOString().slice(0, 10);
      downloadText(`cairn-vault-backup-${date}.json`, await session.exportBackup());
      setSaved(true);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return { save, saved, error };
}

/** The encrypted backup, and for each recovery phrase and key when a copy last left this browser. */
export function BackupSettings() {
  const secrets = useVault((s) => s.secrets);
  const accounts = useVault((s) => s.accounts);
  const backup = useVaultBackupDownload();
  return (
    <section className={ui.section} aria-labelledby="backup-title">
      <h2 id="backup-title">Backup</h2>
      <p>
        Save the whole vault — every recovery phrase, key and account — as one file, encrypted with your Cairn password.
        Restore it on another device with “Restore a Cairn backup”. A backup keeps the password Cairn had when it was
        saved.
      </p>
      <div className={ui.actions}>
        <button type="button" onClick={() => void backup.save()}>
          Download encrypted backup
        </button>
        {backup.saved && <span role="status">Backup saved.</span>}
      </div>
      {backup.error && <p role="alert">{backup.error}</p>}
      {secrets.length > 0 && (
        <ul className={ui.plainList} aria-label="Backups of your keys">
          {secrets.map((secret) => (
            <li key={secret.id}>
              <strong>{secretTitle(secret, accounts)}</strong>
              <br />
              <span className={secret.backedUp ? undefined : ui.noticeWarning}>
                {backupSentence(secret, formatBackupDate)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
