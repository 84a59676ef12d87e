import { createRoot } from 'react-dom/client';
import { awaitSite } from '@/core/dapp/windowHandshake';
import { followFirstClick } from '@/features/dapp/approveDelay';
import { catalogs as dapp } from '@/features/dapp/catalogs';
import { catalogs as deviceSigning } from '@/features/deviceSigning/catalogs';
import { catalogs as unlock } from '@/features/unlock/catalogs';
import { catalogsOf, createI18n, installI18n } from '@/lib/i18n';
import { startLanguage } from '../language';
import { rootOptions } from '../rootOptions';
import { startWallet } from '../startWallet';
import { WalletProviders } from '../WalletProviders';

/** Cairn's window for one site: the handshake, then the site's requests over its own channel. */
export async function startDappWindow(): Promise<void> {
  // From the start, however long the window takes to show a request: the first click after the
  // window regains focus (or gains it, if it opened without) must never approve.
  followFirstClick({ window, document });
  const i18n = installI18n(createI18n());
  // Announce the window at once: the site is waiting for it while Cairn's storage opens.
  const handshake = awaitSite(window);
  const [wallet, site, { connectSite, DappWindowGate }] = await Promise.all([
    startWallet({ keepNetworkChoice: false }),
    handshake,
    import('./DappWindow'),
  ]);
  if (!wallet) return;
  // Every catalog the window shows, before its first render: its requests' (with the reviews of
  // transactions and typed data), the unlock screen's and the device dialog's.
  const shown = catalogsOf(dapp.ApprovalQueue, unlock.UnlockScreen, deviceSigning.DeviceSigningHost);
  await startLanguage(i18n, wallet.store, shown);
  // Made once, outside React: a render that suspends must not make a second one.
  const connection = site.ok ? connectSite(wallet, site) : undefined;
  createRoot(wallet.root, rootOptions).render(
    <WalletProviders wallet={wallet} i18n={i18n}>
      <DappWindowGate connection={connection} failure={site.ok ? undefined : site.reason} />
    </WalletProviders>,
  );
}
