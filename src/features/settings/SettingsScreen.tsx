import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Screen } from '@/components/Screen';
import ui from '@/components/ui.module.css';
import { AUTO_LOCK_CHOICES } from '@/core/vault/autoLock';
import { downloadText } from '@/lib/download';
import { errorText } from '@/lib/errorMessages';
import { useSession } from '@/lib/session';
import { useVaultSession } from '@/lib/vault';
import { ExplorerSettings } from './ExplorerSettings';
import { NetworksSettings } from './NetworksSettings';
import { NftMediaSettings } from './NftMediaSettings';

function minutesText(minutes: number): string {
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
}

export function SettingsScreen() {
  const autoLockId = useId();
  const session = useVaultSession();
  const autoLockMinutes = useSession((s) => s.autoLockMinutes);
  const setAutoLockMinutes = useSession((s) => s.setAutoLockMinutes);
  const [backupError, setBackupError] = useState<string>();
  const [backupSaved, setBackupSaved] = useState(false);

  const saveBackup = () => {
    setBackupError(undefined);
    try {
      const date = new Date().toISOString().slice(0, 10);
      downloadText(`cairn-vault-backup-${date}.json`, session.exportBackup());
      setBackupSaved(true);
    } catch (e) {
      setBackupError(errorText(e));
    }
  };

  return (
    <Screen title="Settings">
      <section className={ui.section} aria-labelledby="security-title">
        <h2 id="security-title">Security</h2>
        <div className={ui.actions}>
          <label htmlFor={autoLockId}>Lock automatically after</label>
          <select id={autoLockId} value={autoLockMinutes} onChange={(e) => setAutoLockMinutes(Number(e.target.value))}>
            {AUTO_LOCK_CHOICES.map((m) => (
              <option key={m} value={m}>
                {minutesText(m)} without activity
              </option>
            ))}
          </select>
        </div>
        <p className={ui.muted}>
          When Cairn locks, every key is wiped from memory until you enter your password again.
        </p>
      </section>
      <section className={ui.section} aria-labelledby="backup-title">
        <h2 id="backup-title">Backup</h2>
        <p>
          Save the whole vault — every recovery phrase, key and account — as one file, encrypted with your Cairn
          password. Restore it on another device with “Restore a Cairn backup”.
        </p>
        <div className={ui.actions}>
          <button type="button" onClick={saveBackup}>
            Download encrypted backup
          </button>
          {backupSaved && <span role="status">Backup saved.</span>}
        </div>
        {backupError && <p role="alert">{backupError}</p>}
      </section>
      <section className={ui.section} aria-labelledby="address-book-title">
        <h2 id="address-book-title">Address book</h2>
        <p>
          Named addresses for Send, per network or for every network, with import and export as JSON or CSV.{' '}
          <Link to="/address-book">Open the address book</Link>
        </p>
      </section>
      <NetworksSettings />
      <ExplorerSettings />
      <NftMediaSettings />
    </Screen>
  );
}
