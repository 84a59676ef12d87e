import type { ComponentProps, ReactNode } from 'react';
import { type AppLinks, LinksProvider } from './links';
import { ActivityProvider } from './stores/activity';
import { ApprovalStoreProvider } from './stores/approvalStore';
import { LastKnownPortfolioProvider } from './stores/lastKnownPortfolioContext';
import { RoundCacheProvider } from './stores/roundCacheContext';
import { SessionProvider } from './stores/session';
import { TransactionsProvider } from './stores/transactions';
import { VaultProvider } from './vault/vault';
import { VerifierProvider } from './verify/verifierContext';

type Transactions = ComponentProps<typeof TransactionsProvider>['value'];

/** What a page's screens read through context: session, vault, transactions, checks, history, prices, links. */
export type WalletContextParts = {
  store: ComponentProps<typeof SessionProvider>['store'];
  vault: ComponentProps<typeof VaultProvider>['client'];
  transactionService: Transactions['service'];
  verifier: ComponentProps<typeof VerifierProvider>['verifier'];
  storage: {
    transactions: Transactions['store'];
    activity: ComponentProps<typeof ActivityProvider>['store'];
    approvals: ComponentProps<typeof ApprovalStoreProvider>['store'];
    rounds: ComponentProps<typeof RoundCacheProvider>['cache'];
    portfolios: ComponentProps<typeof LastKnownPortfolioProvider>['store'];
  };
};

/** The contexts every Cairn page gives its screens (the app's and the tests' alike). */
export function WalletContexts({
  parts: { store, vault, storage, transactionService, verifier },
  links,
  children,
}: {
  parts: WalletContextParts;
  links: AppLinks;
  children: ReactNode;
}) {
  return (
    <SessionProvider store={store}>
      <VaultProvider client={vault}>
        <TransactionsProvider value={{ service: transactionService, store: storage.transactions }}>
          <VerifierProvider verifier={verifier}>
            <ActivityProvider store={storage.activity}>
              <ApprovalStoreProvider store={storage.approvals}>
                <RoundCacheProvider cache={storage.rounds}>
                  <LastKnownPortfolioProvider store={storage.portfolios}>
                    <LinksProvider value={links}>{children}</LinksProvider>
                  </LastKnownPortfolioProvider>
                </RoundCacheProvider>
              </ApprovalStoreProvider>
            </ActivityProvider>
          </VerifierProvider>
        </TransactionsProvider>
      </VaultProvider>
    </SessionProvider>
  );
}
