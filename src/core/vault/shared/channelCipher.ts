import { fromBase64, toBase64 } from '../../bytes';

/**
 * Private messages between one window and the vault host over a BroadcastChannel, which every
 * Cairn window receives: each pair agrees on an AES-256-GCM key by ECDH (P-256) when the window
 * says hello, so other windows see only ciphertext (no password, phrase or key lands in their
 * memory). Messages are encoded as JSON with bigints, byte arrays and undefined tagged, since
 * structured clone cannot be used to get bytes to encrypt.
 */
export type Sealed = { iv: Uint8Array; data: Uint8Array };

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

export function newKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ECDH, false, ['deriveKey']) as Promise<CryptoKeyPair>;
}

export async function publicKeyBytes(pair: CryptoKeyPair): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
}

/** The AES-GCM key both sides derive from their own pair and the other's public key. */
export async function sharedKey(pair: CryptoKeyPair, peerPublic: Uint8Array): Promise<CryptoKey> {
  const peer = await crypto.subtle.importKey('raw', peerPublic as BufferSource, ECDH, false, []);
  return crypto.subtle.deriveKey(
    { name: 'ECDH', public: peer },
    pair.privateKey,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

type Tagged = { $b: string } | { $u: string } | { $undef: 1 };

function replacer(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return { $b: value.toString() } satisfies Tagged;
  if (value instanceof Uint8Array) return { $u: toBase64(value) } satisfies Tagged;
  if (value === undefined) return { $undef: 1 } satisfies Tagged;
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if ('$b' in value && typeof value.$b === 'string') return BigInt(value.$b);
  if ('$u' in value && typeof value.$u === 'string') return fromBase64(value.$u) ?? new Uint8Array();
  if ('$undef' in value) return undefined;
  return value;
}

/** A message's bytes (bigints, byte arrays and undefined kept). */
export function encodeMessage(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value, replacer));
}

export function decodeMessage(bytes: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(bytes), reviver);
}

/** Encrypts a message; the encoded plaintext is zero-filled once sealed. */
export async function seal(key: CryptoKey, message: unknown): Promise<Sealed> {
  const plaintext = encodeMessage(message);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  try {
    const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext as BufferSource));
    return { iv, data };
  } finally {
    plaintext.fill(0);
  }
}

/** Decrypts a sealed message; throws when it was not sealed with this key. */
export async function unseal(key: CryptoKey, sealed: Sealed): Promise<unknown> {
  const plaintext = new Uint8Array(
    await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv as BufferSource }, key, sealed.data as BufferSource),
  );
  try {
    return decodeMessage(plaintext);
  } finally {
    plaintext.fill(0);
  }
}

/** Zero-fills byte arrays whose buffers could not be handed over (a channel copies, it does not transfer). */
export function wipeBuffers(buffers: readonly Transferable[]): void {
  for (const buffer of buffers) {
    if (buffer instanceof ArrayBuffer && buffer.byteLength > 0) new Uint8Array(buffer).fill(0);
  }
}
