import { workerScriptUrl } from '../browser/trustedScriptUrl';
import vaultWorkerScript from '../workers/vault.worker.ts?sharedworker&url';

/** The profile's vault SharedWorker as this window started (or joined) it. */
export type VaultWorker = {
  worker: SharedWorker;
  /** Resolves if the worker's script could not load (blocked, missing): it will never answer. */
  failed: Promise<void>;
};

/**
 * Starts the vault's SharedWorker, or joins it if another Cairn window did; undefined where
 * SharedWorker is missing or refused. Its failure is caught from the start, since the worker may
 * fail before anyone else listens.
 */
export function startVaultWorker(): VaultWorker | undefined {
  if (typeof SharedWorker !== 'function') return undefined;
  try {
    const worker = new SharedWorker(workerScriptUrl(vaultWorkerScript), {
      type: 'module',
      name: 'cairn-vault',
    });
    const failed = new Promise<void>((resolve) => worker.addEventListener('error', () => resolve(), { once: true }));
    return { worker, failed };
  } catch {
    return undefined;
  }
}
