import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';
import { type Address, bytesToHex, getAddress } from 'viem';
import { KeyError } from '../errors/keys';
import { msg } from '../i18n/message';

const CURVE_ORDER = secp256k1.CURVE.n;

/**
 * Parses a private key typed or pasted by a person: 64 hex digits, with or without 0x, in the
 * range 1 … n−1 of secp256k1. Surrounding whitespace is ignored. Returns fresh bytes the caller
 * owns (and should zero-fill when done).
 *
 * Throws KEYS_PRIVATE_KEY_FORMAT (not hex, wrong length) or KEYS_PRIVATE_KEY_RANGE.
 */
export function parsePrivateKey(text: string): Uint8Array {
  const trimmed = text.trim();
  const hex = trimmed.startsWith('0x') || trimmed.startsWith('0X') ? trimmed.slice(2) : trimmed;
  if (hex.length === 0) throw new KeyError('KEYS_PRIVATE_KEY_FORMAT', msg('core.keys:privateKey.empty'));
  const bad = hex.search(/[^0-9a-fA-F]/);
  if (bad !== -1) {
    throw new KeyError('KEYS_PRIVATE_KEY_FORMAT', msg('core.keys:privateKey.notHex', { position: bad + 1 }));
  }
  if (hex.length !== 64) {
    throw new KeyError('KEYS_PRIVATE_KEY_FORMAT', msg('core.keys:privateKey.length', { digits: hex.length }));
  }
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  assertPrivateKeyInRange(bytes);
  return bytes;
}

/** Throws KEYS_PRIVATE_KEY_RANGE unless 1 ≤ key < n (the secp256k1 group order). */
export function assertPrivateKeyInRange(bytes: Uint8Array): void {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  if (bytes.length !== 32 || value === 0n || value >= CURVE_ORDER) {
    throw new KeyError('KEYS_PRIVATE_KEY_RANGE', msg('core.keys:privateKey.range'));
  }
}

/** The Ethereum address (EIP-55 checksummed) of a 32-byte private key. */
export function addressOfPrivateKey(privateKey: Uint8Array): Address {
  const publicKey = secp256k1.getPublicKey(privateKey, false);
  const hash = keccak_256(publicKey.subarray(1));
  return getAddress(bytesToHex(hash.subarray(12)));
}
