import { type ReactNode, StrictMode } from 'react';
import { type I18n, I18nProvider } from '@/lib/i18n';
import { WalletContexts } from '@/lib/walletContexts';
import { appLinks } from './links';
import type { WalletParts } from './startWallet';

/** The contexts every Cairn page renders in: words, session, vault, transactions, history, prices, links. */
export function WalletProviders({ wallet, i18n, children }: { wallet: WalletParts; i18n: I18n; children: ReactNode }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <WalletContexts parts={wallet} links={appLinks}>
          {children}
        </WalletContexts>
      </I18nProvider>
    </StrictMode>
  );
}
