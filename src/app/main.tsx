import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { type ActivityStore, lazyActivityStore, memoryActivityStore } from '@/core/activity/activityStore';
import { createSessionStore } from '@/core/session/sessionStore';
import {
  indexedDbSettingsStore,
  indexedDbTxStore,
  indexedDbVaultRepository,
  openCairnDatabase,
} from '@/core/storage/database';
import { type KeyValueStore, memoryKeyValueStore } from '@/core/storage/keyValueStore';
import type { SettingsSchema } from '@/core/storage/settingsSchema';
import { memoryVaultRepository, type VaultRepository } from '@/core/storage/vaultRepository';
import { memoryLocks, webLocks } from '@/core/tx/locks';
import type { TransactionService } from '@/core/tx/transactionService';
import { memoryTxStore, type TxStore } from '@/core/tx/txStore';
import { loadPasswordEstimator } from '@/core/vault/passwordStrength';
import { VaultSession } from '@/core/vault/vaultSession';
import { ActivityProvider } from '@/lib/activity';
import { LinksProvider } from '@/lib/links';
import { SessionProvider } from '@/lib/session';
import { toastStore } from '@/lib/toasts';
import { TransactionsProvider, TX_RECORDS_KEY } from '@/lib/transactions';
import { changeNotice } from '@/lib/txWording';
import { VaultProvider } from '@/lib/vault';
import { appLinks } from './links';
import { createAppRouter } from './router';
import { isDevchainPage, localRpcUrlFromPage } from './runtimeConfig';
import { preloadGateScreen } from './VaultGate';
import './styles.css';

type Storage = {
  settings: KeyValueStore<SettingsSchema>;
  vault: VaultRepository;
  transactions: TxStore;
  activity: ActivityStore;
};

async function openStorage(): Promise<Storage> {
  try {
    const db = await openCairnDatabase();
    // Ask the browser not to evict Cairn's data under storage pressure.
    void navigator.storage?.persist?.().catch(() => undefined);
    return {
      settings: indexedDbSettingsStore<SettingsSchema>(db),
      vault: indexedDbVaultRepository(db),
      transactions: indexedDbTxStore(db),
      activity: lazyActivityStore(() => import('@/core/storage/activityDb').then((m) => m.indexedDbActivityStore(db))),
    };
  } catch {
    // IndexedDB can be unavailable (some private modes); run without persistence.
    return {
      settings: memoryKeyValueStore<SettingsSchema>(),
      vault: memoryVaultRepository(),
      transactions: memoryTxStore(),
      activity: memoryActivityStore(),
    };
  }
}

/** WebCrypto (and so the vault) exists only on secure pages: https, or localhost. */
function refuseInsecurePage(root: HTMLElement): boolean {
  if (window.isSecureContext && globalThis.crypto?.subtle) return false;
  const message = document.createElement('p');
  message.textContent =
    'Cairn needs a secure page: open it over https (or from localhost). This browser withholds the cryptography Cairn uses to protect your keys on pages served over plain http.';
  root.replaceChildren(message);
  return true;
}

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  if (refuseInsecurePage(root)) return;
  const storage = await openStorage();
  const store = await createSessionStore({
    localRpcUrl: localRpcUrlFromPage(document),
    devchain: isDevchainPage(document),
    settings: storage.settings,
  });
  const vault = new VaultSession({
    repository: storage.vault,
    settings: storage.settings,
    estimator: loadPasswordEstimator,
  });
  await vault.init();
  await preloadGateScreen(vault.store.getState().status);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
  });
  // Other tabs of this wallet store records too: refresh the lists when they do.
  const otherTabs = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('cairn-tx-records');
  if (otherTabs) otherTabs.onmessage = () => void queryClient.invalidateQueries({ queryKey: TX_RECORDS_KEY });
  let transactions: Promise<TransactionService> | undefined;
  const transactionService = () => {
    transactions ??= import('@/core/tx/transactionService').then(
      ({ TransactionService }) =>
        new TransactionService({
          store: storage.transactions,
          locks: navigator.locks ? webLocks(navigator.locks) : memoryLocks(),
          onStored: () => {
            void queryClient.invalidateQueries({ queryKey: TX_RECORDS_KEY });
            otherTabs?.postMessage('tx-records');
          },
          onChange: (change) => {
            const notice = changeNotice(change);
            if (notice) toastStore.getState().push(notice.tone, notice.text);
          },
        }),
    );
    return transactions;
  };
  createRoot(root).render(
    <StrictMode>
      <SessionProvider store={store}>
        <VaultProvider session={vault}>
          <QueryClientProvider client={queryClient}>
            <TransactionsProvider value={{ service: transactionService, store: storage.transactions }}>
              <ActivityProvider store={storage.activity}>
                <LinksProvider value={appLinks}>
                  <RouterProvider router={createAppRouter()} />
                </LinksProvider>
              </ActivityProvider>
            </TransactionsProvider>
          </QueryClientProvider>
        </VaultProvider>
      </SessionProvider>
    </StrictMode>,
  );
}

void start();
