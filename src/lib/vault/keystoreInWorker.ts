import { KeyError, type KeyErrorCode } from '@/core/errors/keys';
import { msg } from '@/core/i18n/message';
import { workerScriptUrl } from '../browser/trustedScriptUrl';
import keystoreWorkerScript from '../workers/keystore.worker.ts?worker&url';
import type { KeystoreRequest, KeystoreResponse } from './keystoreProtocol';

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
let nextId = 1;

/** Workers whose script failed to load: an error that came before anyone listened. */
const failedToLoad = new WeakSet<Worker>();

function spawn(): Worker {
  const worker = new Worker(workerScriptUrl(keystoreWorkerScript), { type: 'module' });
  worker.addEventListener('error', () => failedToLoad.add(worker));
  return worker;
}

/**
 * A worker started ahead of use: it loads its code, compiles scrypt's WebAssembly and builds the
 * curve tables while the person picks a file and types (this module loads with the screens that
 * use it). It holds nothing secret until a request comes; each one is used once and terminated.
 */
let spare: Worker | undefined;

/** Starts the next worker ahead of use, if none is waiting. */
function prepareKeystoreWorker(): void {
  if (typeof Worker === 'function') spare ??= spawn();
}

prepareKeystoreWorker();

function run(
  request: Distribute<KeystoreRequest>,
  onProgress: (fraction: number) => void,
  transfer: Transferable[] = [],
) {
  return new Promise<KeystoreResponse>((resolve, reject) => {
    const worker = spare && !failedToLoad.has(spare) ? spare : spawn();
    spare = undefined;
    const id = nextId++;
    worker.onmessage = (event: MessageEvent<KeystoreResponse>) => {
      const message = event.data;
      if (message.id !== id) return;
      if (message.type === 'progress') {
        onProgress(message.fraction);
        return;
      }
      worker.terminate();
      // A wrong password is usually tried again at once.
      if (message.type === 'error') prepareKeystoreWorker();
      resolve(message);
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new KeyError('KEYS_KEYSTORE_UNSUPPORTED', msg('common:keystore.workerStopped')));
    };
    worker.postMessage({ ...request, id }, transfer);
  });
}

/** Rebuilds the worker's error (its message already names any faulty field). */
function toError(message: Extract<KeystoreResponse, { type: 'error' }>): Error {
  return new KeyError((message.code ?? 'KEYS_KEYSTORE_MALFORMED') as KeyErrorCode, message.text);
}

/** Decrypts a keystore file in a Web Worker; resolves to the 32-byte private key. */
export async function decryptKeystoreInWorker(
  text: string,
  password: string,
  onProgress: (fraction: number) => void,
): Promise<Uint8Array> {
  const message = await run({ op: 'decrypt', text, password }, onProgress);
  if (message.type === 'decrypted') return message.privateKey;
  if (message.type === 'error') throw toError(message);
  throw new Error('unexpected worker answer');
}

/** Encrypts a private key as keystore v3 JSON in a Web Worker. The key bytes are handed over. */
export async function encryptKeystoreInWorker(
  privateKey: Uint8Array,
  password: string,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const message = await run({ op: 'encrypt', privateKey, password }, onProgress, [privateKey.buffer]);
  if (message.type === 'encrypted') return message.json;
  if (message.type === 'error') throw toError(message);
  throw new Error('unexpected worker answer');
}
