import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { type ActivityStore, lazyActivityStore } from '@/core/activity/activityStore';
import { broadcast, CHANNELS } from '@/core/channels';
import { lazyRoundCache, type RoundCache } from '@/core/prices/roundCache';
import { createSessionStore } from '@/core/session/sessionStore';
import {
  type CairnDatabase,
  indexedDbSettingsStore,
  indexedDbTxStore,
  openCairnDatabase,
} from '@/core/storage/database';
import { deferredKeyValueStore, type KeyValueStore, memoryKeyValueStore } from '@/core/storage/keyValueStore';
import type { SettingsSchema } from '@/core/storage/settingsSchema';
import { storageFailureSentence } from '@/core/storage/storageFailure';
import { memoryLocks, webLocks } from '@/core/tx/locks';
import type { TransactionService } from '@/core/tx/transactionService';
import type { TxStore } from '@/core/tx/txStore';
import { ActivityProvider } from '@/lib/activity';
import { LinksProvider } from '@/lib/links';
import { RoundCacheProvider } from '@/lib/roundCacheContext';
import { SessionProvider } from '@/lib/session';
import { requestPersistenceOnceSaved } from '@/lib/storagePersistence';
import { toastStore } from '@/lib/toasts';
import { TransactionsProvider } from '@/lib/transactions';
import { changeNotice } from '@/lib/txWording';
import { VaultProvider } from '@/lib/vault';
import { connectToVault } from '@/lib/vaultConnection';
import { startVaultWorker } from '@/lib/vaultWorker';
import { early } from './boot';
import { refuseFraming } from './frameGuard';
import { appLinks } from './links';
import { recordRefresher } from './recordRefresh';
import { refuseWithoutStorage } from './refuseWithoutStorage';
import { isDevchainPage, localRpcUrlFromPage } from './runtimeConfig';
import { preloadFirstScreen } from './unlockedAppLoader';
import { VaultGate } from './VaultGate';
import './tokens.css';
import './styles.css';

type Storage = {
  settings: KeyValueStore<SettingsSchema>;
  transactions: TxStore;
  activity: ActivityStore;
  rounds: RoundCache;
};

/** This window's stores, or why storage cannot be opened (then Cairn does not start). */
async function openStorage(database: Promise<CairnDatabase>): Promise<Storage | { unavailable: unknown }> {
  try {
    const db = await database;
    return {
      settings: indexedDbSettingsStore<SettingsSchema>(db),
      transactions: indexedDbTxStore(db),
      activity: lazyActivityStore(() => import('@/core/storage/activityDb').then((m) => m.indexedDbActivityStore(db))),
      rounds: lazyRoundCache(() => import('@/core/storage/roundDb').then((m) => m.indexedDbRoundCache(db))),
    };
  } catch (error) {
    return { unavailable: error };
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

/** The query cache loads with the first part that reads: refresh it only once it is there. */
function refreshTxRecords(): void {
  void import('@/lib/queries/queryClient').then((m) => m.refreshTxRecords());
}

async function start() {
  if (refuseFraming()) return;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  if (refuseInsecurePage(root)) return;
  // The vault's SharedWorker and this window's IndexedDB were started by boot.ts, before this
  // chunk arrived; they open side by side.
  const started = early ?? { database: openCairnDatabase(), vault: startVaultWorker() };
  const opening = openStorage(started.database);
  const connecting = connectToVault(
    deferredKeyValueStore(opening.then((s) => ('settings' in s ? s.settings : memoryKeyValueStore<SettingsSchema>()))),
    started.vault,
  );
  // Other tabs of this wallet store records too: refresh the lists when they do.
  const otherTabs = broadcast(CHANNELS.txRecords);
  otherTabs?.listen(refreshTxRecords);
  const storage = await opening;
  if ('unavailable' in storage) {
    refuseWithoutStorage(root, storage.unavailable);
    return;
  }
  const [store, { client: vault }] = await Promise.all([
    createSessionStore({
      localRpcUrl: localRpcUrlFromPage(document),
      devchain: isDevchainPage(document),
      settings: storage.settings,
      sync: broadcast(CHANNELS.settings),
      onWriteFailed: (error) => toastStore.getState().push('error', storageFailureSentence(error, 'this change')),
    }),
    connecting,
  ]);
  requestPersistenceOnceSaved(vault.store);
  await preloadFirstScreen(vault.store.getState().status);
  let transactions: Promise<TransactionService> | undefined;
  const transactionService = () => {
    transactions ??= import('@/core/tx/transactionService').then(
      ({ TransactionService }) =>
        new TransactionService({
          store: storage.transactions,
          locks: navigator.locks ? webLocks(navigator.locks) : memoryLocks(),
          onStored: recordRefresher(() => {
            refreshTxRecords();
            otherTabs?.post('tx-records');
          }),
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
        <VaultProvider client={vault}>
          <TransactionsProvider value={{ service: transactionService, store: storage.transactions }}>
            <ActivityProvider store={storage.activity}>
              <RoundCacheProvider cache={storage.rounds}>
                <LinksProvider value={appLinks}>
                  <VaultGate />
                </LinksProvider>
              </RoundCacheProvider>
            </ActivityProvider>
          </TransactionsProvider>
        </VaultProvider>
      </SessionProvider>
    </StrictMode>,
  );
}

void start();
