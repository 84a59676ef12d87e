import { Screen } from '@/components/Screen';
import { AutoLockSettings } from './AutoLockSettings';
import { BackupSettings } from './BackupSettings';
import { ChangePasswordForm } from './ChangePasswordForm';
import { StorageStatusPanel } from './StorageStatusPanel';

/** What keeps the keys safe: auto-lock, the vault password, the encrypted backup, the browser's storage. */
export function SecurityScreen() {
  return (
    <Screen title="Security">
      <AutoLockSettings />
      <ChangePasswordForm />
      <BackupSettings />
      <StorageStatusPanel />
    </Screen>
  );
}
