// A whole wallet for tests that render components into a document (the dom project): the real
// session store on memory storage, the real shared vault session (a host and this window's client,
// unlocked, with the two accounts of TEST_PHRASE), memory stores for transactions, history,
// approvals, price rounds and portfolios, the transaction service, a verifier following its
// settings (layouts in memory; the alarms are the one store every window shares), and a query
// cache of its own; then every context a Cairn page gives its screens. Chain reads go to fetch:
// stub it with a fake node (fakeSimulationNode's fetch).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { memoryActivityStore } from '@/core/activity/activityStore';
import { memoryApprovalStore } from '@/core/approvals/approvalStore';
import { memoryLastKnownPortfolio } from '@/core/assets/lastKnownPortfolio';
import { memoryRoundCache } from '@/core/prices/roundCache';
import { createSessionStore, type SessionStore } from '@/core/session/sessionStore';
import type { SettingsSchema } from '@/core/session/settingsSchema';
import { type KeyValueStore, memoryKeyValueStore } from '@/core/storage/keyValueStore';
import { memoryLocks } from '@/core/tx/locks';
import { TransactionService } from '@/core/tx/transactionService';
import { memoryTxStore } from '@/core/tx/txStore';
import { connectionPair } from '@/core/vault/shared/hostConnection';
import { VaultClient } from '@/core/vault/shared/vaultClient';
import { createVerifier } from '@/core/verify/verifier';
import type { AppLinks } from '@/lib/links';
import { setHeadSocketOpener } from '@/lib/queries/headFeeds';
import { WalletContexts } from '@/lib/walletContexts';
import { hostWithVault } from './vaultFixtures';

/** The local network's RPC URL in a test wallet: no node listens there, fetch answers for it. */
export const TEST_RPC_URL = 'http://node.test/';

/** Links to screens, each its own name: a test that follows one sees where it goes. */
const TEST_LINKS: AppLinks = {
  activity: '/activity',
  accounts: '/accounts',
  addWallet: '/add-wallet',
  addressBook: '/address-book',
  nfts: '/nfts',
  tokens: (networkId, add) => `/tokens?network=${networkId ?? ''}${add ? '&add=1' : ''}`,
  approvals: '/approvals',
  settings: '/settings',
  historyExplorers: '/settings/history',
  networks: '/settings/networks',
  send: '/send',
  swap: '/swap',
  receive: '/receive',
  sign: '/sign',
  transaction: (hash, networkId) => `/tx/${hash}${networkId ? `?network=${networkId}` : ''}`,
  address: (address) => `/address/${address}`,
  smartAccount: (address) => `/accounts/${address}/smart-account`,
  safe: (address) => `/accounts/${address}/safe`,
  sendAsset: (asset, networkId) => `/send/${asset}${networkId ? `?network=${networkId}` : ''}`,
};

export type TestWallet = Awaited<ReturnType<typeof createTestWallet>>;

/**
 * A new unlocked wallet (see the file's comment), its settings in `settings` (memory storage
 * unless given), its stored vault record in `vaultRepository`; `close()` ends its vault
 * connection and cache.
 */
export async function createTestWallet({
  settings = memoryKeyValueStore<SettingsSchema>(),
}: {
  settings?: KeyValueStore<SettingsSchema>;
} = {}) {
  // No node listens at TEST_RPC_URL's ws: form: the head is polled, through the fetch that answers.
  setHeadSocketOpener(undefined);
  const store: SessionStore = await createSessionStore({ localRpcUrl: TEST_RPC_URL, settings });
  const { host, repository: vaultRepository } = await hostWithVault({ unlocked: true });
  const [here, there] = connectionPair();
  host.connect(there);
  const vault = new VaultClient(here, memoryKeyValueStore<SettingsSchema>());
  await vault.init();
  const storage = {
    transactions: memoryTxStore(),
    activity: memoryActivityStore(),
    approvals: memoryApprovalStore(),
    rounds: memoryRoundCache(),
    portfolios: memoryLastKnownPortfolio(),
  };
  const service = new TransactionService({ store: storage.transactions, locks: memoryLocks() });
  const verifier = createVerifier();
  const stopFollowing = verifier.followSettings(store);
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return {
    store,
    vault,
    /** The vault as stored, for a test to check what a refusal left unchanged. */
    vaultRepository,
    storage,
    transactionService: () => Promise.resolve(service),
    verifier,
    queries,
    close() {
      stopFollowing();
      queries.clear();
      vault.close();
      there.close();
    },
  };
}

/**
 * Every context a Cairn page gives its screens, over a test wallet; links to screens are the test
 * wallet's own unless given (an app test gives the real ones).
 */
export function TestWalletProviders({
  wallet,
  links = TEST_LINKS,
  children,
}: {
  wallet: TestWallet;
  links?: AppLinks;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={wallet.queries}>
      <WalletContexts parts={wallet} links={links}>
        {children}
      </WalletContexts>
    </QueryClientProvider>
  );
}

/**
 * Renders `screen` into the document over `wallet`, as a Cairn page would (with `links`, if given,
 * as its links to screens); `unmount()` empties the document.
 */
export function renderInWallet(
  wallet: TestWallet,
  screen: ReactNode,
  { links }: { links?: AppLinks } = {},
): { unmount(): void } {
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  flushSync(() =>
    root.render(
      <TestWalletProviders wallet={wallet} links={links}>
        {screen}
      </TestWalletProviders>,
    ),
  );
  return {
    unmount() {
      root.unmount();
      document.body.replaceChildren();
    },
  };
}
