import { createRoot } from 'react-dom/client';
import { startWallet } from './startWallet';
import { preloadFirstScreen } from './unlockedAppLoader';
import { VaultGate } from './VaultGate';
import { WalletProviders } from './WalletProviders';
import './tokens.css';
import './styles.css';

async function start() {
  const wallet = await startWallet({ keepNetworkChoice: true });
  if (!wallet) return;
  await preloadFirstScreen(wallet.vault.store.getState().status);
  createRoot(wallet.root).render(
    <WalletProviders wallet={wallet}>
      <VaultGate />
    </WalletProviders>,
  );
}

void start();
