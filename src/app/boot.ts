// The first of Cairn's code to run: a small script of its own that index.html loads async, so it
// runs while the main chunk is still downloading. It starts the two slow things the first screen
// waits for that need none of the app's code: the vault's SharedWorker (which loads its own code,
// opens its storage and reads the vault) and this window's IndexedDB. main.tsx takes them from
// here. Nothing starts in a frame or on an insecure page; main.tsx refuses those.
import { type CairnDatabase, openCairnDatabase } from '@/core/storage/database';
import { startVaultWorker, type VaultWorker } from '@/lib/vaultWorker';
import { isFramed } from './frameGuard';

export type EarlyStart = {
  database: Promise<CairnDatabase>;
  vault: VaultWorker | undefined;
};

function start(): EarlyStart | undefined {
  if (isFramed() || !window.isSecureContext || !globalThis.crypto?.subtle) return undefined;
  return { database: openCairnDatabase(), vault: startVaultWorker() };
}

export const early: EarlyStart | undefined = start();
