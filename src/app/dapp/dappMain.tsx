import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { awaitSite } from '@/core/dapp/windowHandshake';
import { startWallet } from '../startWallet';
import { WalletProviders } from '../WalletProviders';
import '../tokens.css';
import '../styles.css';

// Everything past the handshake loads in a chunk of its own: what this page imports statically
// shares the wallet's start-up chunk.
const DappWindow = lazy(() => import('./DappWindow').then((m) => ({ default: m.DappWindow })));

/** Cairn's window for one site: the handshake, then the site's requests over its own channel. */
async function start() {
  // Announce the window at once: the site is waiting for it while Cairn's storage opens.
  const handshake = awaitSite(window);
  const wallet = await startWallet({ keepNetworkChoice: false });
  if (!wallet) return;
  const site = await handshake;
  createRoot(wallet.root).render(
    <WalletProviders wallet={wallet}>
      <Suspense fallback={null}>
        <DappWindow wallet={wallet} site={site} />
      </Suspense>
    </WalletProviders>,
  );
}

void start();
