// A fresh browser profile with the demo wallet open: the start of most flow tests.
import type { BrowserContext } from 'playwright-core';
import { type ScreenId, screen } from '../../src/app/paths.ts';
import { DATABASE_NAME } from '../../src/core/storage/database.ts';
import { AppShell } from '../pages/AppShell.ts';
import { Onboarding, Unlock } from '../pages/Onboarding.ts';
import type { AppPage, Environment } from './environment.ts';

export type DemoWalletOptions = Omit<Parameters<Environment['newPage']>[0] & {}, 'storageState'> & {
  /**
   * The screen the wallet opens on (the address bar's, kept through set-up), Home unless given.
   * A test of another screen lands on it: Home on a fresh profile reads its month of history and
   * prices (two dozen requests, the node's and the page's busiest seconds), which such a test
   * would pay for and never look at.
   */
  landOn?: ScreenId;
  /** Prepares the profile before Cairn's first page loads in it (a clock, an init script). */
  beforeOpen?: (context: BrowserContext) => Promise<void>;
};

/** Playwright's storage state with IndexedDB, which it saves and restores but does not type. */
type StorageState = {
  cookies: [];
  origins: {
    origin: string;
    localStorage: [];
    indexedDB?: { name: string; version: number; stores: { name: string; records: unknown[] }[] }[];
  }[];
};

/**
 * The demo vault the first test of this worker made through the app, as stored: later tests
 * start from a copy of its vault record and unlock it (the first-screen hint in local storage is
 * not copied). Making one costs a page the password-strength dictionaries (1.6 MB of script to
 * parse) and a second key derivation: about 1 s of a 3.5 s start on a quiet machine. Which test
 * makes it depends on how files fall to workers; onboarding's own tests always make theirs.
 * Kept across the worker's files: the e2e project shares one module graph per worker.
 */
let madeDemoVault: StorageState | undefined;

export async function demoWalletPage(env: Environment, options: DemoWalletOptions = {}): Promise<AppPage> {
  const { landOn, beforeOpen, ...pageOptions } = options;
  const stored = madeDemoVault && forServer(madeDemoVault, env.server.url);
  const opened = await env.newPage({ ...pageOptions, ...(stored ? { storageState: stored } : {}) });
  await beforeOpen?.(opened.context);
  await new AppShell(opened.page).open(env.server.url, landOn ? screen(landOn) : undefined);
  if (stored) {
    await new Unlock(opened.page).unlock();
    await new AppShell(opened.page).nav.waitFor();
  } else {
    await new Onboarding(opened.page).openDemoWallet();
    madeDemoVault = vaultOnly((await opened.context.storageState({ indexedDB: true })) as StorageState);
  }
  return opened;
}

/**
 * Only the vault record of what the page stored, in every store the app made (so the database's
 * version finds them all): what it read from the chain belongs to that test's chain.
 */
function vaultOnly(state: StorageState): StorageState {
  return {
    cookies: [],
    origins: state.origins.map((origin) => ({
      origin: origin.origin,
      localStorage: [],
      indexedDB: (origin.indexedDB ?? [])
        .filter((database) => database.name === DATABASE_NAME)
        .map((database) => ({
          ...database,
          stores: database.stores.map((store) => ({
            ...store,
            records: store.name === 'vault' ? store.records : [],
          })),
        })),
    })),
  };
}

function forServer(state: StorageState, serverUrl: string): StorageState {
  const origin = new URL(serverUrl).origin;
  return { ...state, origins: state.origins.map((stored) => ({ ...stored, origin })) };
}
