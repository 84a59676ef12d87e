// The first of Cairn's code to run: a small script of its own that index.html loads async, so it
// runs while the main chunk is still downloading. It starts the slow things the first screen
// waits for that need none of the app's code: the vault's SharedWorker (which loads its own code,
// opens its storage and reads the vault), this window's IndexedDB, and the start-up catalogs of
// the browser's language (read while the main chunk downloads, not after it). main.tsx takes them
// from here. Nothing starts in a frame or on an insecure page; main.tsx refuses those.
import { type CairnDatabase, openCairnDatabase } from '@/core/storage/database';
import { catalogSource, localeFromBrowser } from '@/lib/i18n/locales';
import { startVaultWorker, type VaultWorker } from '@/lib/vault/vaultWorker';
import { isFramed } from './frameGuard';

export type EarlyStart = {
  database: Promise<CairnDatabase>;
  vault: VaultWorker | undefined;
};

/**
 * One catalog of each language's start-up chunk: importing it loads the whole chunk (the shell's,
 * set-up's and unlock's catalogs share it: catalogChunk in vite.config.ts).
 */
const startCatalogs = import.meta.glob('/src/locales/*/common.json');

/**
 * Fetches the start-up catalogs of the browser's language; the catalog loader imports the same
 * chunk later and finds it loaded. The person's choice in Settings, if another, is read later
 * from storage and loaded then. A failure is left to the loader, which asks again and reports it.
 */
function prefetchStartCatalogs(): void {
  const source = catalogSource(localeFromBrowser(navigator.languages));
  startCatalogs[`/src/locales/${source}/common.json`]?.().catch(() => undefined);
}

function start(): EarlyStart | undefined {
  if (isFramed() || !window.isSecureContext || !globalThis.crypto?.subtle) return undefined;
  prefetchStartCatalogs();
  return { database: openCairnDatabase(), vault: startVaultWorker() };
}

export const early: EarlyStart | undefined = start();
