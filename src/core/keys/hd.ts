import { HDKey } from '@scure/bip32';
import type { Address } from 'viem';
import { pathForIndex } from './derivationPath';
import { addressOfPrivateKey } from './privateKey';

const encoder = new TextEncoder();

/** UTF-8 bytes of text in NFKD form, as BIP39 feeds phrases and passphrases to PBKDF2. */
export function nfkdBytes(text: string): Uint8Array {
  return encoder.encode(text.normalize('NFKD'));
}

/**
 * The 64-byte BIP39 seed: PBKDF2-HMAC-SHA512(phrase, "mnemonic" + passphrase, 2048), computed
 * natively with WebCrypto. Inputs are the NFKD UTF-8 bytes, so secrets need not pass through
 * JavaScript strings here. The caller owns (and should zero-fill) the result.
 */
export async function seedFromPhrase(
  phrase: Uint8Array,
  passphrase: Uint8Array = new Uint8Array(),
): Promise<Uint8Array> {
  const salt = new Uint8Array(8 + passphrase.length);
  salt.set(encoder.encode('mnemonic'));
  salt.set(passphrase, 8);
  const key = await crypto.subtle.importKey('raw', phrase as BufferSource, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt, iterations: 2048 }, key, 512);
  salt.fill(0);
  return new Uint8Array(bits);
}

/** Derives the private key at `path` from a seed. The caller owns (and should zero-fill) it. */
export function derivePrivateKey(seed: Uint8Array, path: string): Uint8Array {
  const root = HDKey.fromMasterSeed(seed);
  const node = root.derive(path);
  const key = node.privateKey;
  if (!key) throw new Error('derived node has no private key');
  const copy = key.slice();
  node.wipePrivateData();
  root.wipePrivateData();
  return copy;
}

export type DerivedAddress = { index: number; path: string; address: Address };

/** Addresses of accounts `from` … `from + count − 1` under a path template. */
export function deriveAddresses(seed: Uint8Array, template: string, from: number, count: number): DerivedAddress[] {
  const root = HDKey.fromMasterSeed(seed);
  try {
    return Array.from({ length: count }, (_, k) => {
      const index = from + k;
      const path = pathForIndex(template, index);
      const node = root.derive(path);
      const key = node.privateKey;
      if (!key) throw new Error('derived node has no private key');
      const address = addressOfPrivateKey(key);
      node.wipePrivateData();
      return { index, path, address };
    });
  } finally {
    root.wipePrivateData();
  }
}
