import { type ActivityStore, lazyActivityStore } from '@/core/activity/activityStore';
import { type ApprovalStore, lazyApprovalStore } from '@/core/approvals/approvalStore';
import { type LastKnownPortfolio, lazyLastKnownPortfolio } from '@/core/assets/lastKnownPortfolio';
import { keepFeeFamiliesWith } from '@/core/chain/feeFamilyKeeper';
import { broadcast, CHANNELS } from '@/core/channels';
import { isCairnError } from '@/core/errors/base';
import { storageFailureSentence } from '@/core/errors/storageFailure';
import { lazyRoundCache, type RoundCache } from '@/core/prices/roundCache';
import { createSessionStore, type SessionStore } from '@/core/session/sessionStore';
import type { SettingsSchema } from '@/core/session/settingsSchema';
import {
  type CairnDatabase,
  indexedDbSettingsStore,
  indexedDbTxStore,
  openCairnDatabase,
} from '@/core/storage/database';
import { deferredKeyValueStore, type KeyValueStore, memoryKeyValueStore } from '@/core/storage/keyValueStore';
import { memoryLocks, webLocks } from '@/core/tx/locks';
import type { TransactionService } from '@/core/tx/transactionService';
import type { TxStore } from '@/core/tx/txStore';
import type { VaultClient } from '@/core/vault/shared/vaultClient';
import { type LayoutStore, lazyLayoutStore } from '@/core/verify/layoutBook';
import { sendingGate } from '@/core/verify/sendingGate';
import { createVerifier, type Verifier } from '@/core/verify/verifier';
import { requestPersistenceOnceSaved } from '@/lib/browser/storagePersistence';
import { changeNotice } from '@/lib/i18n/txWording';
import { nudgeTracking } from '@/lib/send/trackingNudge';
import { toastStore } from '@/lib/toasts';
import { connectToVault } from '@/lib/vault/vaultConnection';
import { startVaultWorker } from '@/lib/vault/vaultWorker';
import { syncAlarmsAcrossWindows } from '@/lib/verify/alarmSync';
import { early } from './boot';
import { refuseFraming } from './frameGuard';
import { recordRefresher } from './recordRefresh';
import { refuseWithoutStorage } from './refuseWithoutStorage';
import { isDevchainPage, localOpRpcUrlsFromPage, localRpcUrlsFromPage } from './runtimeConfig';
import { wordsBeforeStart } from './wordsBeforeStart';

type Storage = {
  settings: KeyValueStore<SettingsSchema>;
  transactions: TxStore;
  activity: ActivityStore;
  approvals: ApprovalStore;
  rounds: RoundCache;
  portfolios: LastKnownPortfolio;
  layouts: LayoutStore;
};

/** What every Cairn page (the wallet, the dApp window) runs on. */
export type WalletParts = {
  root: HTMLElement;
  store: SessionStore;
  vault: VaultClient;
  storage: Storage;
  transactionService: () => Promise<TransactionService>;
  /** This window's verification runtime: every check notes its outcome in the alarm through it. */
  verifier: Verifier;
};

/** This window's stores, or why storage cannot be opened (then Cairn does not start). */
async function openStorage(database: Promise<CairnDatabase>): Promise<Storage | { unavailable: unknown }> {
  try {
    const db = await database;
    return {
      settings: indexedDbSettingsStore<SettingsSchema>(db),
      transactions: indexedDbTxStore(db),
      activity: lazyActivityStore(() => import('@/core/storage/activityDb').then((m) => m.indexedDbActivityStore(db))),
      approvals: lazyApprovalStore(() => import('@/core/storage/approvalDb').then((m) => m.indexedDbApprovalStore(db))),
      rounds: lazyRoundCache(() => import('@/core/storage/roundDb').then((m) => m.indexedDbRoundCache(db))),
      portfolios: lazyLastKnownPortfolio(() =>
        import('@/core/storage/portfolioDb').then((m) => m.indexedDbLastKnownPortfolio(db)),
      ),
      layouts: lazyLayoutStore(() => import('@/core/storage/layoutDb').then((m) => m.indexedDbLayoutStore(db))),
    };
  } catch (error) {
    return { unavailable: error };
  }
}

/** WebCrypto (and so the vault) exists only on secure pages: https, or localhost. */
function refuseInsecurePage(root: HTMLElement): boolean {
  if (window.isSecureContext && globalThis.crypto?.subtle) return false;
  const message = document.createElement('p');
  root.replaceChildren(message);
  void wordsBeforeStart('common:start.insecure').then((text) => {
    message.textContent = text;
  });
  return true;
}

/** The query cache loads with the first part that reads: refresh it only once it is there. */
function refreshTxRecords(): void {
  void import('@/lib/queries/queryClient').then((m) => m.refreshTxRecords());
}

/**
 * Opens this window's storage, its link to the shared vault session and its session store, or
 * shows why Cairn cannot start here (framed, insecure page, no storage) and returns undefined.
 * `keepNetworkChoice: false` (the dApp window): choosing a network here is not remembered as the
 * next window's default.
 */
export async function startWallet(options: { keepNetworkChoice: boolean }): Promise<WalletParts | undefined> {
  if (refuseFraming(wordsBeforeStart)) return undefined;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  if (refuseInsecurePage(root)) return undefined;
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
    await refuseWithoutStorage(root, storage.unavailable);
    return undefined;
  }
  const [store, { client: vault }] = await Promise.all([
    createSessionStore({
      localRpcUrl: localRpcUrlsFromPage(document),
      localOpRpcUrls: localOpRpcUrlsFromPage(document),
      devchain: isDevchainPage(document),
      settings: options.keepNetworkChoice ? storage.settings : withoutNetworkChoice(storage.settings),
      sync: broadcast(CHANNELS.settings),
      onWriteFailed: (error) => toastStore.getState().push('error', storageFailureSentence(error, 'thisChange')),
      onReadFailed: (error) => {
        if (isCairnError(error)) toastStore.getState().push('error', error.text);
      },
    }),
    connecting,
  ]);
  requestPersistenceOnceSaved(vault.store);
  // A fee family read for a custom network saved before Cairn read them is kept on its record.
  keepFeeFamiliesWith((networkId, chainId, family) => store.getState().keepFeeFamily(networkId, chainId, family));
  // The one gate that holds sending (core/verify/sendingGate.ts) reads this window's alarms: they
  // join the other windows' at start, before anything can be sent here.
  syncAlarmsAcrossWindows();
  // The one verifier of this window, beside the transaction service: the checks' layouts kept in
  // IndexedDB, and each network's alarm following its choice of checks, with or without a screen.
  const verifier = createVerifier({ layouts: storage.layouts });
  verifier.followSettings(store);
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
          onSubmitted: nudgeTracking,
          onChange: (change) => {
            const notice = changeNotice(change);
            if (notice) toastStore.getState().push(notice.tone, notice.text);
          },
          sendingGate,
        }),
    );
    return transactions;
  };
  return { root, store, vault, storage, transactionService, verifier };
}

/** The settings store, except that the selected network is read but never written. */
function withoutNetworkChoice(settings: KeyValueStore<SettingsSchema>): KeyValueStore<SettingsSchema> {
  return {
    get: (key) => settings.get(key),
    set: (key, value) => (key === 'selectedNetworkId' ? Promise.resolve() : settings.set(key, value)),
    update: (key, change) => settings.update(key, change),
    delete: (key) => settings.delete(key),
  };
}
