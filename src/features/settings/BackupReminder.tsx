import { useState } from 'react';
import { Link } from 'react-router';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { msg } from '@/core/i18n/message';
import { useT } from '@/lib/i18n';
import { useVault } from '@/lib/vault/vault';
import { useVaultBackupDownload } from './BackupSettings';
import { accountsOf, secretTitle, unbackedSecrets } from './backupWording';

/**
 * Shown while some recovery phrase or key has its only copy in this browser: a browser may clear
 * its storage, and then the keys are gone. One click to save an encrypted backup, or to the
 * accounts to show the phrase. "Not now" hides it in this window until Cairn locks.
 */
export function BackupReminder({ accountsPath }: { accountsPath: string }) {
  const t = useT('settings');
  const secrets = useVault((s) => s.secrets);
  const accounts = useVault((s) => s.accounts);
  const backup = useVaultBackupDownload();
  const [dismissed, setDismissed] = useState(false);
  const unbacked = unbackedSecrets(secrets);
  if (dismissed || unbacked.length === 0) return null;
  const first = unbacked[0];
  const firstAccount = first && accountsOf(first, accounts)[0];
  const what = first?.kind === 'privateKey' ? 'privateKey' : 'phrase';
  const which = unbacked
    .map((s) => secretTitle(s, accounts, true))
    .reduce((list, next) => msg('settings:reminder.list', { list, next }));
  return (
    <aside className={`${ui.noticeWarning} ${ui.stack}`} aria-labelledby="backup-reminder-title">
      <h2 id="backup-reminder-title">{t('settings:reminder.title')}</h2>
      <p>
        <T id="settings:reminder.onlyCopy" values={{ secrets: which }} />
      </p>
      <div className={ui.actions}>
        <button type="button" onClick={() => void backup.save()}>
          {t('settings:backup.download')}
        </button>
        {firstAccount && (
          <Link to={`${accountsPath}?reveal=${encodeURIComponent(firstAccount.id)}&what=${what}`}>
            {what === 'phrase' ? t('settings:reminder.showPhrase') : t('settings:reminder.showKey')}
          </Link>
        )}
        <button type="button" className={ui.secondary} onClick={() => setDismissed(true)}>
          {t('settings:reminder.notNow')}
        </button>
      </div>
      {backup.error && (
        <p role="alert">
          <T message={backup.error} />
        </p>
      )}
    </aside>
  );
}
