/// <reference lib="webworker" />
// Runs keystore key derivation (scrypt at n=262144 takes a second or more) off the page's main
// thread, reporting progress, so the page never freezes.

import { isCairnError } from '@/core/errors/base';
import { msg } from '@/core/i18n/message';
import { decryptKeystore, encryptKeystore, parseKeystore, warmUpKeystoreCrypto } from '@/core/keys/keystore';
import type { KeystoreRequest, KeystoreResponse } from '../vault/keystoreProtocol';

declare const self: DedicatedWorkerGlobalScope;

// The page starts this worker before the person submits (see keystoreInWorker.ts): the one-off
// set-up is done while they type.
const warm = warmUpKeystoreCrypto().catch(() => undefined);

function post(message: KeystoreResponse, transfer: Transferable[] = []) {
  self.postMessage(message, transfer);
}

self.onmessage = async (event: MessageEvent<KeystoreRequest>) => {
  const request = event.data;
  const onProgress = (fraction: number) => post({ id: request.id, type: 'progress', fraction });
  await warm;
  try {
    if (request.op === 'decrypt') {
      const privateKey = await decryptKeystore(parseKeystore(request.text), request.password, onProgress);
      post({ id: request.id, type: 'decrypted', privateKey }, [privateKey.buffer]);
    } else {
      const json = await encryptKeystore(request.privateKey, request.password, { onProgress });
      request.privateKey.fill(0);
      post({ id: request.id, type: 'encrypted', json });
    }
  } catch (error) {
    // The error's Message, not its words: this worker has no catalogs, the page words it.
    const field = (error as { field?: unknown }).field;
    post({
      id: request.id,
      type: 'error',
      code: isCairnError(error) ? error.code : undefined,
      text: isCairnError(error) ? error.text : msg('core.keys:keystore.workerFailed'),
      field: typeof field === 'string' ? field : undefined,
    });
  }
};
