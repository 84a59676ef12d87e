import { Screen } from '@/components/Screen';
import { useT } from '@/lib/i18n';
import { AutoLockSettings } from './AutoLockSettings';
import { BackupSettings } from './BackupSettings';
import { ChangePasswordForm } from './ChangePasswordForm';
import { PasskeySettings } from './PasskeySettings';
import { StorageStatusPanel } from './StorageStatusPanel';

/** What keeps the keys safe: auto-lock, the vault password, passkeys, the encrypted backup, the browser's storage. */
export function SecurityScreen() {
  const t = useT('settings');
  return (
    <Screen title={t('settings:security.title')}>
      <AutoLockSettings />
      <ChangePasswordForm />
      <PasskeySettings />
      <BackupSettings />
      <StorageStatusPanel />
    </Screen>
  );
}
