// A stand-in for navigator.credentials in DOM tests: an authenticator that makes passkeys and
// answers the PRF extension (HMAC-SHA-256 of the salt under a secret per passkey, as hmac-secret
// does), gives each a P-256 public key (ES256, as a passkey account reads it), or, as told,
// refuses: no PRF, the person cancels, another authenticator's passkey.
// The real WebAuthn flow runs in e2e/passkeyUnlock.e2e.ts against Chromium's virtual authenticator.
import { onTestFinished } from 'vitest';
import { fromBase64Url, toBase64Url } from '@/core/bytes';

export type FakeAuthenticatorMode = 'ok' | 'noPrf' | 'cancel' | 'notVerified';

type Credential = { id: string; secret: Uint8Array };

const bytesOf = (source: BufferSource | undefined): Uint8Array =>
  source instanceof ArrayBuffer
    ? new Uint8Array(source)
    : source
      ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
      : new Uint8Array();

/** 37 bytes of authenticator data: an RP id hash (zeros here), the flags (UP, and UV if verified), a counter. */
function authenticatorData(verified: boolean): ArrayBuffer {
  const data = new Uint8Array(37);
  data[32] = 0x01 | (verified ? 0x04 : 0);
  return data.buffer;
}

async function prf(secret: Uint8Array, salt: Uint8Array): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey('raw', secret as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return crypto.subtle.sign('HMAC', key, salt as BufferSource);
}

function answer(credential: Credential, response: object, prfResult: { enabled?: boolean; first?: ArrayBuffer }) {
  const { enabled, first } = prfResult;
  return {
    id: credential.id,
    rawId: fromBase64Url(credential.id)?.buffer,
    type: 'public-key',
    response,
    getClientExtensionResults: () => ({
      prf: { ...(enabled === undefined ? {} : { enabled }), ...(first ? { results: { first } } : {}) },
    }),
  };
}

/**
 * Installs the fake as navigator.credentials (and a secure context, and PublicKeyCredential's
 * platform check) until the test ends. `mode` can be changed between calls; `platform` says
 * whether the device has an authenticator of its own that verifies the person (a refused prompt
 * then reads as cancelled, else as no authenticator); `forget()` makes it another authenticator
 * with the same ids (its PRF answers differ); `calls` counts the prompts.
 */
export function installFakeAuthenticator(initial: FakeAuthenticatorMode = 'ok') {
  const credentials: Credential[] = [];
  const state = { mode: initial, calls: 0, platform: true };
  /** Every PRF output an assertion gave, as the page received it (Cairn zero-fills what it is done with). */
  const given: Uint8Array[] = [];
  const refuseIfTold = () => {
    state.calls++;
    if (state.mode === 'cancel')
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
  };
  const container = {
    async create({ publicKey }: { publicKey: PublicKeyCredentialCreationOptions }) {
      refuseIfTold();
      const credential = {
        id: toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
        secret: crypto.getRandomValues(new Uint8Array(32)),
      };
      credentials.push(credential);
      const salt = publicKey.extensions?.prf?.eval?.first;
      const enabled = state.mode !== 'noPrf';
      const first = enabled && salt ? await prf(credential.secret, bytesOf(salt)) : undefined;
      // A P-256 key's SubjectPublicKeyInfo, as a passkey account reads it (ES256).
      const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
      const spki = await crypto.subtle.exportKey('spki', pair.publicKey);
      const response = {
        getAuthenticatorData: () => authenticatorData(state.mode !== 'notVerified'),
        getPublicKey: () => spki,
      };
      return answer(credential, response, first ? { enabled, first } : { enabled });
    },
    async get({ publicKey }: { publicKey: PublicKeyCredentialRequestOptions }) {
      refuseIfTold();
      const allowed = (publicKey.allowCredentials ?? []).map((c) => toBase64Url(bytesOf(c.id)));
      const credential = credentials.find((c) => allowed.includes(c.id));
      if (!credential) throw new DOMException('No passkey available.', 'NotAllowedError');
      const salt = publicKey.extensions?.prf?.evalByCredential?.[credential.id]?.first;
      const first = state.mode !== 'noPrf' && salt ? await prf(credential.secret, bytesOf(salt)) : undefined;
      if (first) given.push(new Uint8Array(first));
      const response = { authenticatorData: authenticatorData(state.mode !== 'notVerified') };
      return answer(credential, response, first ? { first } : {});
    },
  };
  const publicKeyCredential = { isUserVerifyingPlatformAuthenticatorAvailable: async () => state.platform };
  const replaced: [object, string, unknown][] = [
    [navigator, 'credentials', container],
    [globalThis, 'isSecureContext', true],
    [globalThis, 'PublicKeyCredential', publicKeyCredential],
  ];
  const before = replaced.map(([target, key]) => Object.getOwnPropertyDescriptor(target, key));
  for (const [target, key, value] of replaced) Object.defineProperty(target, key, { configurable: true, value });
  onTestFinished(() => {
    replaced.forEach(([target, key], i) => {
      const descriptor = before[i];
      if (descriptor) Object.defineProperty(target, key, descriptor);
      else Reflect.deleteProperty(target, key);
    });
  });
  return {
    state,
    given,
    /** Another authenticator now answers for the same ids: its PRF outputs are not the registered ones. */
    forget() {
      for (const credential of credentials) credential.secret = crypto.getRandomValues(new Uint8Array(32));
    },
  };
}
