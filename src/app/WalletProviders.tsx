import { type ReactNode, StrictMode } from 'react';
import { ActivityProvider } from '@/lib/activity';
import { ApprovalStoreProvider } from '@/lib/approvalStore';
import { type I18n, I18nProvider } from '@/lib/i18n';
import { LastKnownPortfolioProvider } from '@/lib/lastKnownPortfolioContext';
import { LinksProvider } from '@/lib/links';
import { RoundCacheProvider } from '@/lib/roundCacheContext';
import { SessionProvider } from '@/lib/session';
import { TransactionsProvider } from '@/lib/transactions';
import { VaultProvider } from '@/lib/vault';
import { appLinks } from './links';
import type { WalletParts } from './startWallet';

/** The contexts every Cairn page renders in: words, session, vault, transactions, history, prices, links. */
export function WalletProviders({ wallet, i18n, children }: { wallet: WalletParts; i18n: I18n; children: ReactNode }) {
  const { store, vault, storage, transactionService } = wallet;
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <SessionProvider store={store}>
          <VaultProvider client={vault}>
            <TransactionsProvider value={{ service: transactionService, store: storage.transactions }}>
              <ActivityProvider store={storage.activity}>
                <ApprovalStoreProvider store={storage.approvals}>
                  <RoundCacheProvider cache={storage.rounds}>
                    <LastKnownPortfolioProvider store={storage.portfolios}>
                      <LinksProvider value={appLinks}>{children}</LinksProvider>
                    </LastKnownPortfolioProvider>
                  </RoundCacheProvider>
                </ApprovalStoreProvider>
              </ActivityProvider>
            </TransactionsProvider>
          </VaultProvider>
        </SessionProvider>
      </I18nProvider>
    </StrictMode>
  );
}
