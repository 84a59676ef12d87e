import { AccountSwitcher, LockButton } from '@/features/accounts/AccountSwitcher';
import { ExplorerSearch } from '@/features/explorer/ExplorerSearch';
import { BackupReminder } from '@/features/settings/BackupReminder';
import styles from './Layout.module.css';
import { screen } from './paths';
import { useActivitySync } from './useActivitySync';

/**
 * The parts of the shell that exist only once the wallet is unlocked. They load in their own
 * chunk (fetched soon after the first screen), so the first screen carries none of their code.
 */
export function UnlockedHeader() {
  return (
    <>
      <div className={styles.accountArea}>
        <AccountSwitcher managePath={screen('accounts').path} addPath={screen('addWallet').path} />
        <LockButton />
      </div>
      <ExplorerSearch />
    </>
  );
}

/** Keeps the selected account's history synced in the background. */
export function BackgroundSync() {
  useActivitySync();
  return null;
}

/** Notices above every screen once unlocked: a reminder while a key has no copy outside this browser. */
export function UnlockedNotices() {
  return <BackupReminder accountsPath={screen('accounts').path} />;
}
