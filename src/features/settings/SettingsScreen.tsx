import { Link } from 'react-router';
import { Screen } from '@/components/Screen';
import ui from '@/components/ui.module.css';
import { BackupSettings } from './BackupSettings';
import { ExplorerSettings } from './ExplorerSettings';
import { NetworksSettings } from './NetworksSettings';
import { NftMediaSettings } from './NftMediaSettings';
import { SecuritySettings } from './SecuritySettings';

export function SettingsScreen() {
  return (
    <Screen title="Settings">
      <SecuritySettings />
      <BackupSettings />
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
