import { KeyError, type KeyErrorCode } from '@/core/errors/keys';
import type { KeystoreRequest, KeystoreResponse } from './workers/keystoreProtocol';

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
let nextId = 1;

function run(
  request: Distribute<KeystoreRequest>,
  onProgress: (fraction: number) => void,
  transfer: Transferable[] = [],
) {
  return new Promise<KeystoreResponse>((resolve, reject) => {
    const worker = new Worker(new URL('./workers/keystore.worker.ts', import.meta.url), { type: 'module' });
    const id = nextId++;
    worker.onmessage = (event: MessageEvent<KeystoreResponse>) => {
      const message = event.data;
      if (message.id !== id) return;
      if (message.type === 'progress') {
        onProgress(message.fraction);
        return;
      }
      worker.terminate();
      resolve(message);
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new KeyError('KEYS_KEYSTORE_UNSUPPORTED', 'The keystore worker stopped unexpectedly.'));
    };
    worker.postMessage({ ...request, id }, transfer);
  });
}

/** Rebuilds the worker's error (its message already names any faulty field). */
function toError(message: Extract<KeystoreResponse, { type: 'error' }>): Error {
  return new KeyError((message.code ?? 'KEYS_KEYSTORE_MALFORMED') as KeyErrorCode, message.message);
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
