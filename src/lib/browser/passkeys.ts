import { type Hex, hexToBytes } from 'viem';
import type { PasskeyCredential } from '@/core/accounts/account';
import { fromBase64, fromBase64Url, toBase64 } from '@/core/bytes';
import { VaultError } from '@/core/errors/vault';
import { type Message, msg } from '@/core/i18n/message';
import { type PasskeyPublicKey, passkeyPublicKeyFromSpki } from '@/core/smartAccount/passkey/passkeyPublicKey';
import type { PasskeyAssertion } from '@/core/smartAccount/passkey/passkeySignature';
import type { PasskeyMaterial, PasskeySummary } from '@/core/vault/vaultSession';

// The browser's side of passkeys (WebAuthn): whether this page may use them; for unlocking (the
// PRF extension), registering one and asking one for its PRF output, the vault session doing the
// rest (core/vault/keyWrapping.ts); for a passkey account, making one and reading its P-256 key,
// and asking one to sign a batch's digest (core/smartAccount/passkey). Every failure is a
// VaultError with a sentence.

/** Whether passkeys can work on this page, and if not, why (with the address where they would). */
export type PasskeyAvailability = { available: true } | { available: false; reason: Message };

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function isLoopbackIp(host: string): boolean {
  return host.startsWith('127.') || host === '[::1]';
}

/**
 * Browsers refuse WebAuthn on a page opened at an IP address ("This is an invalid domain"), and
 * outside a secure context. At a loopback address the same Cairn answers at `localhost`, where
 * passkeys work (its storage is that origin's own, which the sentence says).
 */
export function passkeyAvailability(
  location: Pick<Location, 'hostname' | 'host' | 'protocol' | 'port' | 'pathname'> = window.location,
): PasskeyAvailability {
  const host = location.hostname;
  if (IPV4.test(host) || host.startsWith('[')) {
    if (!isLoopbackIp(host)) return { available: false, reason: msg('common:passkey.unavailable.ipAddress') };
    const port = location.port ? `:${location.port}` : '';
    const address = `${location.protocol}//localhost${port}${location.pathname}`;
    return { available: false, reason: msg('common:passkey.unavailable.loopbackIp', { address }) };
  }
  if (!globalThis.isSecureContext || typeof navigator.credentials?.create !== 'function') {
    return { available: false, reason: msg('common:passkey.unavailable.unsupported') };
  }
  return { available: true };
}

function refuse(code: ConstructorParameters<typeof VaultError>[0], reason: Message): VaultError {
  return new VaultError(code, reason);
}

function assertAvailable(): void {
  const availability = passkeyAvailability();
  if (!availability.available) throw refuse('VAULT_PASSKEY_UNAVAILABLE', availability.reason);
}

/** Whether this device has an authenticator of its own that verifies the person (false when unknown). */
async function hasPlatformAuthenticator(): Promise<boolean> {
  const check = globalThis.PublicKeyCredential?.isUserVerifyingPlatformAuthenticatorAvailable;
  return typeof check === 'function' ? check.call(globalThis.PublicKeyCredential).catch(() => false) : false;
}

/** The browser's refusal in words. */
async function browserFailure(error: unknown): Promise<VaultError> {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return (await hasPlatformAuthenticator())
      ? refuse('VAULT_PASSKEY_CANCELLED', msg('common:passkey.cancelled'))
      : refuse('VAULT_PASSKEY_CANCELLED', msg('common:passkey.noAuthenticator'));
  }
  if (name === 'SecurityError') {
    const availability = passkeyAvailability();
    const reason = availability.available ? msg('common:passkey.unavailable.unsupported') : availability.reason;
    return refuse('VAULT_PASSKEY_UNAVAILABLE', reason);
  }
  if (name === 'InvalidStateError') return refuse('VAULT_PASSKEY_EXISTS', msg('common:passkey.exists'));
  if (name === 'NotSupportedError') {
    return refuse('VAULT_PASSKEY_UNAVAILABLE', msg('common:passkey.unavailable.unsupported'));
  }
  return refuse('VAULT_PASSKEY_CANCELLED', msg('common:passkey.failed'));
}

/**
 * Runs the browser's request, its refusal in words. `cancelled`: the sentence for a prompt that
 * ended with no passkey, where the request says more than the general one.
 */
async function ask<T extends Credential | null>(request: () => Promise<T>, cancelled?: Message): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const failure = await browserFailure(error);
    const plainCancel = failure.code === 'VAULT_PASSKEY_CANCELLED' && failure.text.id === 'common:passkey.cancelled';
    throw cancelled && plainCancel ? refuse('VAULT_PASSKEY_CANCELLED', cancelled) : failure;
  }
}

/** The "user verified" flag of authenticator data (WebAuthn §6.1: flags at byte 32, UV is bit 2). */
function userVerified(authenticatorData: ArrayBuffer | undefined): boolean {
  if (!authenticatorData || authenticatorData.byteLength < 33) return false;
  return ((new Uint8Array(authenticatorData)[32] ?? 0) & 0x04) !== 0;
}

function asPublicKey(credential: Credential | null): PublicKeyCredential {
  if (!credential || !('rawId' in credential)) throw refuse('VAULT_PASSKEY_CANCELLED', msg('common:passkey.failed'));
  return credential as PublicKeyCredential;
}

/** The PRF output of an answer, moved out of the browser's buffer (which is zero-filled). */
function prfOutputOf(credential: PublicKeyCredential): Uint8Array | undefined {
  const first = credential.getClientExtensionResults().prf?.results?.first;
  if (!first) return undefined;
  const view = first instanceof ArrayBuffer ? new Uint8Array(first) : (first as ArrayBufferView);
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  const output = bytes.slice();
  bytes.fill(0);
  return output;
}

function noPrf(): VaultError {
  return refuse('VAULT_PASSKEY_NO_PRF', msg('common:passkey.noPrf'));
}

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/**
 * Asks one of `passkeys` (the vault's) for its PRF output under its salt, user verification
 * required. The caller hands the output to the vault session, which zero-fills it.
 */
export async function passkeyOutput(
  passkeys: readonly PasskeySummary[],
): Promise<{ credentialId: string; prfOutput: Uint8Array }> {
  assertAvailable();
  const evalByCredential: Record<string, AuthenticationExtensionsPRFValues> = {};
  for (const passkey of passkeys)
    evalByCredential[passkey.credentialId] = { first: fromBase64(passkey.salt) as BufferSource };
  const credential = asPublicKey(
    await ask(
      () =>
        navigator.credentials.get({
          publicKey: {
            challenge: random(32),
            allowCredentials: passkeys.map((p) => ({
              type: 'public-key',
              id: fromBase64Url(p.credentialId) as BufferSource,
            })),
            userVerification: 'required',
            extensions: { prf: { evalByCredential } },
          },
        }),
      msg('common:passkey.cancelledUnlock'),
    ),
  );
  // Moved out of the browser's buffer first, so a refusal below leaves no copy of it.
  const prfOutput = prfOutputOf(credential);
  const response = credential.response as AuthenticatorAssertionResponse;
  if (!userVerified(response.authenticatorData)) {
    prfOutput?.fill(0);
    throw refuse('VAULT_PASSKEY_NOT_VERIFIED', msg('common:passkey.notVerified'));
  }
  if (!prfOutput) throw noPrf();
  return { credentialId: credential.id, prfOutput };
}

/**
 * Registers a new passkey for this Cairn (the relying party is the page's host) and gets its PRF
 * output for a fresh salt: from the registration where the authenticator gives it, else from one
 * assertion right after. An authenticator without PRF is refused (its credential stays on it,
 * unused: nothing is stored here).
 */
export async function registerPasskey(name: string, existing: readonly PasskeySummary[]): Promise<PasskeyMaterial> {
  assertAvailable();
  const salt = random(32);
  const credential = asPublicKey(
    await ask(() =>
      navigator.credentials.create({
        publicKey: {
          rp: { name: 'Cairn' },
          user: { id: random(16), name: 'Cairn', displayName: name },
          challenge: random(32),
          pubKeyCredParams: [
            { type: 'public-key', alg: -7 },
            { type: 'public-key', alg: -257 },
          ],
          authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
          excludeCredentials: existing.map((p) => ({
            type: 'public-key',
            id: fromBase64Url(p.credentialId) as BufferSource,
          })),
          extensions: { prf: { eval: { first: salt } } },
        },
      }),
    ),
  );
  if (!credential.getClientExtensionResults().prf?.enabled) throw noPrf();
  const response = credential.response as AuthenticatorAttestationResponse;
  if (typeof response.getAuthenticatorData === 'function' && !userVerified(response.getAuthenticatorData())) {
    throw refuse('VAULT_PASSKEY_NOT_VERIFIED', msg('common:passkey.notVerified'));
  }
  const fromCreate = prfOutputOf(credential);
  if (fromCreate) return { credentialId: credential.id, name, salt, prfOutput: fromCreate };
  const summary = { credentialId: credential.id, name, createdAt: 0, salt: toBase64(salt) };
  const { prfOutput } = await passkeyOutput([summary]);
  return { credentialId: credential.id, name, salt, prfOutput };
}

const bytesOf = (buffer: ArrayBuffer) => new Uint8Array(buffer.slice(0));

/**
 * Makes a passkey for a passkey account (ES256 only, user verification required, on this host),
 * not one already in `existing` (credential ids, base64url), and reads its P-256 public key from
 * the attestation (getPublicKey: DER SubjectPublicKeyInfo). Throws a VaultError with a sentence
 * (cancelled, no authenticator, not verified, unavailable) or SMART_PASSKEY_KEY (another algorithm).
 */
export async function createAccountPasskey(
  name: string,
  existing: readonly string[] = [],
): Promise<{ id: string; publicKey: PasskeyPublicKey }> {
  assertAvailable();
  const credential = asPublicKey(
    await ask(() =>
      navigator.credentials.create({
        publicKey: {
          rp: { name: 'Cairn' },
          user: { id: random(16), name, displayName: name },
          challenge: random(32),
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
          excludeCredentials: existing.map((id) => ({ type: 'public-key', id: fromBase64Url(id) as BufferSource })),
        },
      }),
    ),
  );
  const response = credential.response as AuthenticatorAttestationResponse;
  if (typeof response.getAuthenticatorData === 'function' && !userVerified(response.getAuthenticatorData())) {
    throw refuse('VAULT_PASSKEY_NOT_VERIFIED', msg('common:passkey.notVerified'));
  }
  const spki = typeof response.getPublicKey === 'function' ? response.getPublicKey() : null;
  if (!spki) throw refuse('VAULT_PASSKEY_UNAVAILABLE', msg('common:passkey.unavailable.unsupported'));
  return { id: credential.id, publicKey: passkeyPublicKeyFromSpki(bytesOf(spki)) };
}

/**
 * Asks one of `credentials` (a passkey account's, as its vault lists them) to sign `challenge` (a
 * batch's 32-byte digest), user verification required: which one answered, and its assertion's
 * bytes. Throws a VaultError with a sentence, VAULT_PASSKEY_UNKNOWN when the browser answers with
 * a passkey the account does not list (its key would not be the one the account checks).
 */
export async function accountPasskeyAssertion(
  credentials: readonly PasskeyCredential[],
  challenge: Hex,
): Promise<{ credential: PasskeyCredential; assertion: PasskeyAssertion }> {
  assertAvailable();
  const answer = asPublicKey(
    await ask(() =>
      navigator.credentials.get({
        publicKey: {
          challenge: hexToBytes(challenge) as BufferSource,
          allowCredentials: credentials.map((c) => ({ type: 'public-key', id: fromBase64Url(c.id) as BufferSource })),
          userVerification: 'required',
        },
      }),
    ),
  );
  const response = answer.response as AuthenticatorAssertionResponse;
  if (!userVerified(response.authenticatorData)) {
    throw refuse('VAULT_PASSKEY_NOT_VERIFIED', msg('common:passkey.notVerified'));
  }
  const credential = credentials.find((c) => c.id === answer.id);
  if (!credential) throw refuse('VAULT_PASSKEY_UNKNOWN', msg('common:passkey.notThisAccount'));
  return {
    credential,
    assertion: {
      authenticatorData: bytesOf(response.authenticatorData),
      clientDataJSON: bytesOf(response.clientDataJSON),
      signature: bytesOf(response.signature),
    },
  };
}
