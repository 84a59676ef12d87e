import { createRoot } from 'react-dom/client';
import { createI18n, installI18n } from '@/lib/i18n';
import { afterFirstScreen } from './afterFirstScreen';
import { keepFirstScreenHint } from './firstScreen/firstScreenHint';
import { linkInstallFiles } from './installLinks';
import { startLanguage } from './language';
import { rootOptions } from './rootOptions';
import { startWallet } from './startWallet';
import { coreWordsLater, firstScreenNamespaces, preloadFirstScreen } from './unlockedAppLoader';
import { VaultGate } from './VaultGate';
import { WalletProviders } from './WalletProviders';
import './tokens.css';
import './styles.css';

async function start() {
  // The page's one catalogs runtime, before anything is worded (even a refusal to start).
  const i18n = installI18n(createI18n());
  const wallet = await startWallet({ keepNetworkChoice: true });
  if (!wallet) return;
  const status = wallet.vault.store.getState().status;
  await Promise.all([
    preloadFirstScreen(status),
    startLanguage(i18n, wallet.store, firstScreenNamespaces(status), { coreLater: coreWordsLater(status) }),
  ]);
  createRoot(wallet.root, rootOptions).render(
    <WalletProviders wallet={wallet} i18n={i18n}>
      <VaultGate />
    </WalletProviders>,
  );
  // The service worker downloads the whole build once: after the first screen, not competing with it.
  afterFirstScreen(() => {
    keepFirstScreenHint(wallet.vault.store, i18n);
    linkInstallFiles();
    void import('@/lib/browser/appUpdate').then((m) => m.startServiceWorker(() => wallet.vault.lock('user')));
  });
}

/** dapp.html is this page marked as the window sites open (see vite.config.ts); its code loads only there. */
const dappWindow = document.querySelector('meta[name="cairn-window"]')?.getAttribute('content') === 'dapp';
if (dappWindow) void import('./dapp/dappMain').then((m) => m.startDappWindow());
else void start();
