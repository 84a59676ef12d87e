// Talks to the shared vault session directly, as any other script of Cairn's origin could: over
// the SharedWorker's port, or over the BroadcastChannel of the window elected to hold it (with
// the key agreement every window makes with that host). Used to
// check what the session itself does (refuse to sign once locked), not only what windows show.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { e2eDistDir } from './paths.ts';

export type Transport = 'shared-worker' | 'elected-window';

type ProbeAnswer = {
  state?: { status: string; accounts: { id: string; address: string }[] };
  error?: unknown;
  value?: unknown;
};

function workerFile(): string {
  const file = readdirSync(join(e2eDistDir, 'assets')).find((f) => /^vault\.worker-.*\.js$/.test(f));
  if (!file) throw new Error('vault worker not found in the build');
  return `assets/${file}`;
}

/** Sends one message to the vault session from `page` and returns the first answer of the kind asked for. */
export async function askVault(
  page: Page,
  transport: Transport,
  message: { kind: 'hello' } | { kind: 'call'; id: number; method: string; args: unknown[] },
): Promise<ProbeAnswer> {
  return page.evaluate(
    async ({ transport, file, message }) => {
      const wanted = message.kind === 'hello' ? 'state' : 'result';
      const answer = await new Promise<Record<string, unknown>>((resolve) => {
        if (transport === 'shared-worker') {
          const worker = new SharedWorker(new URL(file, location.href), { type: 'module', name: 'cairn-vault' });
          worker.port.onmessage = (event) => {
            if (event.data?.kind === wanted) resolve(event.data);
          };
          worker.port.postMessage(message);
        } else {
          // As a window does: agree on a key with the host (ECDH P-256 → AES-GCM), then send sealed JSON.
          const channel = new BroadcastChannel('cairn-vault');
          const id = `probe-${Math.random()}`;
          void (async () => {
            const ecdh = { name: 'ECDH', namedCurve: 'P-256' };
            const pair = (await crypto.subtle.generateKey(ecdh, false, ['deriveKey'])) as CryptoKeyPair;
            let key: CryptoKey | undefined;
            channel.onmessage = async (event) => {
              const envelope = event.data;
              if (envelope?.to !== id) return;
              if (envelope.handshake instanceof Uint8Array) {
                const peer = await crypto.subtle.importKey('raw', envelope.handshake, ecdh, false, []);
                key = await crypto.subtle.deriveKey(
                  { name: 'ECDH', public: peer },
                  pair.privateKey,
                  { name: 'AES-GCM', length: 256 },
                  false,
                  ['encrypt', 'decrypt'],
                );
                const iv = crypto.getRandomValues(new Uint8Array(12));
                const data = new Uint8Array(
                  await crypto.subtle.encrypt(
                    { name: 'AES-GCM', iv },
                    key,
                    new TextEncoder().encode(JSON.stringify(message)),
                  ),
                );
                channel.postMessage({ to: 'host', from: id, sealed: { iv, data } });
              } else if (envelope.sealed && key) {
                const plain = await crypto.subtle.decrypt(
                  { name: 'AES-GCM', iv: envelope.sealed.iv },
                  key,
                  envelope.sealed.data,
                );
                const answer = JSON.parse(new TextDecoder().decode(plain));
                if (answer?.kind === wanted) resolve(answer);
              }
            };
            const own = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
            channel.postMessage({ to: 'host', from: id, handshake: own });
          })();
        }
      });
      return answer.kind === 'state'
        ? { state: answer.state }
        : answer.ok
          ? { value: answer.value }
          : { error: answer.error };
    },
    { transport, file: workerFile(), message },
  ) as Promise<ProbeAnswer>;
}
