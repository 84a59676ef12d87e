import { useState } from 'react';
import { Link } from 'react-router';
import ui from '@/components/ui.module.css';
import { useVault } from '@/lib/vault';
import { useVaultBackupDownload } from './BackupSettings';
import { accountsOf, secretTitle, unbackedSecrets } from './backupWording';

/**
 * Shown while some recovery phrase or key has its only copy in this browser: a browser may clear
 * its storage, and then the keys are gone. One click to save an encrypted backup, or to the
 * accounts to show the phrase. "Not now" hides it in this window until Cairn locks.
 */
export function BackupReminder({ accountsPath }: { accountsPath: string }) {
  const secrets = useVault((s) => s.secrets);
  const accounts = useVault((s) => s.accounts);
  const backup = useVaultBackupDownload();
  const [dismissed, setDismissed] = useState(false);
  const unbacked = unbackedSecrets(secrets);
  if (dismissed || unbacked.length === 0) return null;
  const first = unbacked[0];
  const firstAccount = first && accountsOf(first, accounts)[0];
  const what = first?.kind === 'privateKey' ? 'privateKey' : 'phrase';
  return (
    <aside className={`${ui.noticeWarning} ${ui.stack}`} aria-labelledby="backup-reminder-title">
      <h2 id="backup-reminder-title">Back up your keys</h2>
      <p>
        The only copy of {unbacked.map((s) => secretTitle(s, accounts, true)).join('; ')} is in this browser. If the
        browser clears its data, or this device is lost, it is gone for good.
      </p>
      <div className={ui.actions}>
        <button type="button" onClick={() => void backup.save()}>
          Download encrypted backup
        </button>
        {firstAccount && (
          <Link to={`${accountsPath}?reveal=${encodeURIComponent(firstAccount.id)}&what=${what}`}>
            {what === 'phrase' ? 'Show the recovery phrase' : 'Show the private key'}
          </Link>
        )}
        <button type="button" className={ui.secondary} onClick={() => setDismissed(true)}>
          Not now
        </button>
      </div>
      {backup.error && <p role="alert">{backup.error}</p>}
    </aside>
  );
}
