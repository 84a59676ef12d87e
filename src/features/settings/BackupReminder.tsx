import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { T } from '@/components/T';
import ui from '@/components/ui.module.css';
import { msg } from '@/core/i18n/message';
import { drillsNeeded } from '@/core/vault/recoveryDrills';
import { useT } from '@/lib/i18n';
import { useSession } from '@/lib/stores/session';
import { useVault } from '@/lib/vault/vault';
import { useVaultBackupDownload } from './BackupSettings';
import { accountsOf, secretTitle, unbackedSecrets } from './backupWording';
import { neededBackupsSentence } from './drillWording';

/** How often an open window looks again whether a drill came due. */
const DRILL_LOOK_MS = 60 * 60_000;

/**
 * Cairn's reminders about backups, above every screen: a secret whose only copy is in this
 * browser, and a recovery drill that is due or failed. Each can be put off ("Not now") in this
 * window until Cairn locks; neither blocks anything.
 */
export function BackupReminder({ accountsPath, recoveryPath }: { accountsPath: string; recoveryPath: string }) {
  return (
    <>
      <OnlyCopyReminder accountsPath={accountsPath} />
      <DrillReminder recoveryPath={recoveryPath} />
    </>
  );
}

/**
 * A drill is due, or the last one failed: a gentle word and the way to Settings → Recovery, where
 * drills run. Nothing while drills are off.
 */
function DrillReminder({ recoveryPath }: { recoveryPath: string }) {
  const t = useT('settings');
  const secrets = useVault((s) => s.secrets);
  const accounts = useVault((s) => s.accounts);
  const days = useSession((s) => s.recoveryDrillDays);
  const [now, setNow] = useState(Date.now);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), DRILL_LOOK_MS);
    return () => clearInterval(timer);
  }, []);
  const needed = drillsNeeded(secrets, days, now);
  const which = neededBackupsSentence(needed, secrets, accounts);
  if (dismissed || !which) return null;
  const failed = needed.some((d) => d.state.kind === 'failed');
  return (
    <aside className={`${ui.noticeWarning} ${ui.stack}`} aria-labelledby="drill-reminder-title">
      <h2 id="drill-reminder-title">{t('settings:reminder.drill.title')}</h2>
      <p>
        <T id={failed ? 'settings:reminder.drill.failed' : 'settings:reminder.drill.due'} values={{ backups: which }} />
      </p>
      <div className={ui.actions}>
        <Link to={recoveryPath}>{t('settings:reminder.drill.start')}</Link>
        <button type="button" className={ui.secondary} onClick={() => setDismissed(true)}>
          {t('settings:reminder.notNow')}
        </button>
      </div>
    </aside>
  );
}

/**
 * Shown while some recovery phrase or key has its only copy in this browser: a browser may clear
 * its storage, and then the keys are gone. One click to save an encrypted backup, or to the
 * accounts to show the phrase. "Not now" hides it in this window until Cairn locks.
 */
function OnlyCopyReminder({ accountsPath }: { accountsPath: string }) {
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
