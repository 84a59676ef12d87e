// Talks to the shared vault session directly, as any other script of Cairn's origin could (the
// session trusts its origin: see README, security model): over the SharedWorker's port, or over
// the BroadcastChannel of the window elected to hold it, with the key agreement every window makes
// with that host. Used to check what the session itself does (refuse to sign once locked), not
// only what windows show.
//
// Cairn's pages require Trusted Types, so a string cannot start a SharedWorker, and the one policy
// that makes a worker's URL is Cairn's own (a page creates it once; Cairn does so as it starts). The
// probe keeps a hold of that policy as Cairn creates it (keepCairnPolicy, before Cairn's pages
// load) and makes the vault worker's URL through it, under Cairn's own rule; the CSP is untouched.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { TRUSTED_TYPES_POLICY } from '../../src/core/build/securityHeaders.ts';
import { e2eDistDir } from './paths.ts';

/** Where the probe finds Cairn's policy in a page (a test-only name). */
const KEPT_POLICY = '__cairnProbePolicy';

/** Keeps Cairn's Trusted Types policy, as Cairn's page creates it, for the probe: call before Cairn's pages load. */
export async function keepCairnPolicy(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ name, kept }) => {
      type Factory = { createPolicy(name: string, rules: object): unknown };
      const factory = (window as { trustedTypes?: Factory }).trustedTypes;
      if (!factory) return;
      const create = factory.createPolicy.bind(factory);
      factory.createPolicy = (policyName, rules) => {
        const policy = create(policyName, rules);
        if (policyName === name) Object.defineProperty(window, kept, { value: policy });
        return policy;
      };
    },
    { name: TRUSTED_TYPES_POLICY, kept: KEPT_POLICY },
  );
}

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
    async ({ transport, file, message, kept }) => {
      const wanted = message.kind === 'hello' ? 'state' : 'result';
      const answer = await new Promise<Record<string, unknown>>((resolve) => {
        if (transport === 'shared-worker') {
          const policy = (window as unknown as Record<string, { createScriptURL(url: string): unknown } | undefined>)[
            kept
          ];
          if (!policy && 'trustedTypes' in window) throw new Error('keepCairnPolicy(context) was not called');
          const url = new URL(file, location.href).href;
          const scriptUrl = (policy ? policy.createScriptURL(url) : url) as string;
          const worker = new SharedWorker(scriptUrl, { type: 'module', name: 'cairn-vault' });
          worker.port.onmessage = (event) => {
            if (event.data?.kind === wanted) resolve(event.data);
          };
          worker.port.postMessage(message);
        } else {
          // As a window does (core/vault/shared/channelTransport and channelCipher): say hello with
          // a public key and a nonce, take the host's answer to that hello, derive the link key
          // (ECDH P-256 → HKDF bound to the hello → AES-GCM), then send and read numbered sealed
          // messages (framed JSON: a length, then the text).
          const channel = new BroadcastChannel('cairn-vault');
          const id = `probe-${Math.random()}`;
          const utf8 = (text: string) => new TextEncoder().encode(text);
          const join = (...parts: Uint8Array[]) => {
            const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
            let offset = 0;
            for (const part of parts) {
              out.set(part, offset);
              offset += part.length;
            }
            return out;
          };
          const aad = (direction: string, n: number) => utf8(JSON.stringify([direction, n]));
          void (async () => {
            const ecdh = { name: 'ECDH', namedCurve: 'P-256' };
            const pair = (await crypto.subtle.generateKey(ecdh, false, ['deriveBits'])) as CryptoKeyPair;
            const own = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
            const nonce = crypto.getRandomValues(new Uint8Array(16));
            let key: CryptoKey | undefined;
            let received = 0;
            channel.onmessage = async (event) => {
              const envelope = event.data;
              if (envelope?.to !== id) return;
              if (envelope.welcome instanceof Uint8Array && !key) {
                const peer = await crypto.subtle.importKey('raw', envelope.welcome, ecdh, false, []);
                const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, pair.privateKey, 256);
                const material = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
                key = await crypto.subtle.deriveKey(
                  {
                    name: 'HKDF',
                    hash: 'SHA-256',
                    salt: nonce,
                    info: join(utf8('cairn vault channel: messages'), own, envelope.welcome),
                  },
                  material,
                  { name: 'AES-GCM', length: 256 },
                  false,
                  ['encrypt', 'decrypt'],
                );
                const json = utf8(JSON.stringify(message));
                const length = new Uint8Array(4);
                new DataView(length.buffer).setUint32(0, json.length);
                const framed = join(length, json);
                const iv = crypto.getRandomValues(new Uint8Array(12));
                const data = new Uint8Array(
                  await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad('to-host', 0) }, key, framed),
                );
                channel.postMessage({ to: 'host', from: id, sealed: { iv, data } });
              } else if (envelope.sealed && key) {
                const plain = new Uint8Array(
                  await crypto.subtle.decrypt(
                    { name: 'AES-GCM', iv: envelope.sealed.iv, additionalData: aad('to-window', received++) },
                    key,
                    envelope.sealed.data,
                  ),
                );
                const length = new DataView(plain.buffer).getUint32(0);
                const answer = JSON.parse(new TextDecoder().decode(plain.subarray(4, 4 + length)));
                if (answer?.kind === wanted) resolve(answer);
              }
            };
            channel.postMessage({ to: 'host', from: id, hello: own, nonce });
          })();
        }
      });
      return answer.kind === 'state'
        ? { state: answer.state }
        : answer.ok
          ? { value: answer.value }
          : { error: answer.error };
    },
    { transport, file: workerFile(), message, kept: KEPT_POLICY },
  ) as Promise<ProbeAnswer>;
}
