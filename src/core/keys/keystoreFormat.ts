// Web3 Secret Storage v3 files: their shape, and parsing that names every missing or bad field.
import { type Address, getAddress } from 'viem';
import { KeyError, KeystoreFieldError } from '../errors/keys';
import { codeValue, msg, untrustedValue } from '../i18n/message';
import { isRecord } from '../text/guards';

/** Key-derivation settings of a keystore file, with the salt decoded. */
export type KdfParams =
  | { kdf: 'scrypt'; n: number; r: number; p: number; dklen: number; salt: Uint8Array }
  | { kdf: 'pbkdf2'; c: number; prf: 'hmac-sha256'; dklen: number; salt: Uint8Array };

/** A validated Web3 Secret Storage v3 file, with every hex field decoded. */
export type ParsedKeystore = {
  version: 3;
  id: string | undefined;
  /** Checksummed address from the file, if it has one (files without one exist). */
  address: Address | undefined;
  cipher: 'aes-128-ctr';
  iv: Uint8Array; // 16 bytes
  ciphertext: Uint8Array; // 32 bytes
  mac: Uint8Array; // 32 bytes
  kdf: KdfParams;
};

/** Progress of the key derivation, 0 … 1. */
export type OnProgress = (fraction: number) => void;

/** Options of `encryptKeystore`; `salt`, `iv` and `uuid` exist so tests can pin the output. */
export type KeystoreExportOptions = {
  n?: number;
  r?: number;
  p?: number;
  onProgress?: OnProgress;
  /* for tests: */
  salt?: Uint8Array;
  iv?: Uint8Array;
  uuid?: string;
};

/** The scrypt cost geth uses for its "standard" keystore files. */
export const DEFAULT_KEYSTORE_SCRYPT = { n: 262144, r: 8, p: 1 } as const;

/**
 * Noble's own default ceiling: scrypt needs 128·r·(n+p) bytes. n=2^20 r=8 p=1 (geth's "light"
 * ×4, the largest cost real wallets write) still fits.
 */
export const MAX_SCRYPT_MEMORY = 1024 ** 3 + 1024;
/** Total block mixing (128·n·r·p bytes) allowed: 16× geth's standard cost, tens of seconds. */
const MAX_SCRYPT_WORK = 4 * 1024 ** 3;
/** pbkdf2 iterations × output blocks allowed; geth and Parity write 262144 and 10240. */
const MAX_PBKDF2_WORK = 10_000_000;
const MAX_DKLEN = 1024;

/** Parses and validates keystore JSON text. Throws KeyError with a message naming the problem. */
export function parseKeystore(text: string): ParsedKeystore {
  let json: unknown;
  try {
    // Files saved by some Windows editors start with a byte-order mark, which JSON.parse rejects.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new KeyError('KEYS_KEYSTORE_MALFORMED', msg('core.keys:keystore.notJson'));
  }
  if (!isRecord(json)) {
    throw new KeyError('KEYS_KEYSTORE_MALFORMED', msg('core.keys:keystore.notKeystore'));
  }
  if ('encseed' in json && 'ethaddr' in json) {
    throw new KeyError('KEYS_KEYSTORE_UNSUPPORTED', msg('core.keys:keystore.presale'));
  }
  if (json.version !== 3) {
    throw new KeyError(
      'KEYS_KEYSTORE_UNSUPPORTED',
      json.version === undefined
        ? msg('core.keys:keystore.noVersion')
        : msg('core.keys:keystore.version', { version: describeValue(json.version) }),
    );
  }

  // ethers and some older tools write "Crypto"; geth reads both.
  const crypto = json.crypto ?? json.Crypto;
  const cryptoRecord = requireRecord(crypto, 'crypto');

  const cipher = requireString(cryptoRecord.cipher, 'crypto.cipher');
  if (cipher !== 'aes-128-ctr') {
    throw new KeyError(
      'KEYS_KEYSTORE_UNSUPPORTED',
      msg('core.keys:keystore.cipher', { cipher: describeValue(cipher) }),
    );
  }
  const cipherparams = requireRecord(cryptoRecord.cipherparams, 'crypto.cipherparams');
  const iv = requireHex(cipherparams.iv, 'crypto.cipherparams.iv', 16);
  const ciphertext = requireHex(cryptoRecord.ciphertext, 'crypto.ciphertext', 32);
  const mac = requireHex(cryptoRecord.mac, 'crypto.mac', 32);
  const kdf = parseKdf(cryptoRecord);

  return {
    version: 3,
    id: parseId(json.id),
    address: parseFileAddress(json.address),
    cipher,
    iv,
    ciphertext,
    mac,
    kdf,
  };
}

function parseKdf(cryptoRecord: Record<string, unknown>): KdfParams {
  const kdf = requireString(cryptoRecord.kdf, 'crypto.kdf');
  if (kdf !== 'scrypt' && kdf !== 'pbkdf2') {
    throw new KeyError('KEYS_KEYSTORE_UNSUPPORTED', msg('core.keys:keystore.kdf', { kdf: describeValue(kdf) }));
  }
  const params = requireRecord(cryptoRecord.kdfparams, 'crypto.kdfparams');
  const dklen = requireNumber(params.dklen, 'crypto.kdfparams.dklen');
  if (!Number.isInteger(dklen) || dklen < 32 || dklen > MAX_DKLEN) {
    throw fieldError('crypto.kdfparams.dklen', 'dklen');
  }

  if (kdf === 'scrypt') {
    const n = requireNumber(params.n, 'crypto.kdfparams.n');
    if (!isPowerOfTwo(n)) throw fieldError('crypto.kdfparams.n', 'powerOfTwo');
    const r = requirePositiveInteger(params.r, 'crypto.kdfparams.r');
    const p = requirePositiveInteger(params.p, 'crypto.kdfparams.p');
    const salt = requireHex(params.salt, 'crypto.kdfparams.salt');
    const problem = scryptCostProblem(n, r, p);
    if (problem) {
      const cost = codeValue(`n=${n}, r=${r}, p=${p}`);
      throw new KeyError(
        'KEYS_KEYSTORE_UNSUPPORTED',
        problem === 'memory'
          ? msg('core.keys:keystore.scryptMemory', { cost })
          : msg('core.keys:keystore.scryptWork', { cost }),
      );
    }
    return { kdf, n, r, p, dklen, salt };
  }

  const c = requirePositiveInteger(params.c, 'crypto.kdfparams.c');
  const prf = requireString(params.prf, 'crypto.kdfparams.prf');
  if (prf !== 'hmac-sha256') {
    throw new KeyError('KEYS_KEYSTORE_UNSUPPORTED', msg('core.keys:keystore.prf', { prf: describeValue(prf) }));
  }
  const salt = requireHex(params.salt, 'crypto.kdfparams.salt');
  if (c * Math.ceil(dklen / 32) > MAX_PBKDF2_WORK) {
    throw new KeyError(
      'KEYS_KEYSTORE_UNSUPPORTED',
      msg('core.keys:keystore.pbkdf2Work', { iterations: codeValue(String(c)) }),
    );
  }
  return { kdf, c, prf, dklen, salt };
}

/** Why an scrypt cost is refused (too much memory, or too long to compute), or undefined when it is acceptable. */
export function scryptCostProblem(n: number, r: number, p: number): 'memory' | 'work' | undefined {
  if (128 * r * (n + p) > MAX_SCRYPT_MEMORY) return 'memory';
  if (128 * n * r * p > MAX_SCRYPT_WORK) return 'work';
  return undefined;
}

/** What can be wrong with one field of a keystore file (each a sentence of core.keys:keystore.field). */
type FieldProblem =
  | 'missing'
  | 'object'
  | 'string'
  | 'number'
  | 'positiveInteger'
  | 'hex'
  | 'powerOfTwo'
  | 'dklen'
  | 'addressString'
  | 'addressDigits';

/** The damaged-file error for `field`, naming it; `bytes` for a hex field of fixed length. */
function fieldError(field: string, problem: FieldProblem, bytes?: number): KeystoreFieldError {
  const name = codeValue(field);
  if (problem === 'dklen') {
    return new KeystoreFieldError(field, msg('core.keys:keystore.field.dklen', { field: name, max: MAX_DKLEN }));
  }
  if (problem === 'hex' && bytes !== undefined) {
    return new KeystoreFieldError(field, msg('core.keys:keystore.field.hexBytes', { field: name, bytes }));
  }
  return new KeystoreFieldError(field, msg(`core.keys:keystore.field.${problem}`, { field: name }));
}

function parseId(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw fieldError('id', 'string');
  return value;
}

function parseFileAddress(value: unknown): Address | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw fieldError('address', 'addressString');
  const digits = value.replace(/^0[xX]/, '');
  if (!/^[0-9a-fA-F]{40}$/.test(digits)) throw fieldError('address', 'addressDigits');
  return getAddress(`0x${digits.toLowerCase()}`);
}

function requireRecord(value: unknown, field: string): Record<string, unknown> {
  if (value === undefined || value === null) throw fieldError(field, 'missing');
  if (!isRecord(value)) throw fieldError(field, 'object');
  return value;
}

function requireString(value: unknown, field: string): string {
  if (value === undefined || value === null) throw fieldError(field, 'missing');
  if (typeof value !== 'string') throw fieldError(field, 'string');
  return value;
}

function requireNumber(value: unknown, field: string): number {
  if (value === undefined || value === null) throw fieldError(field, 'missing');
  if (typeof value !== 'number' || !Number.isFinite(value)) throw fieldError(field, 'number');
  return value;
}

function requirePositiveInteger(value: unknown, field: string): number {
  const number = requireNumber(value, field);
  if (!isPositiveInteger(number)) throw fieldError(field, 'positiveInteger');
  return number;
}

/** Decodes a hex field (with or without 0x); `length` in bytes, when fixed. */
function requireHex(value: unknown, field: string, length?: number): Uint8Array {
  if (value === undefined || value === null) throw fieldError(field, 'missing');
  if (typeof value !== 'string') throw fieldError(field, 'hex', length);
  const digits = value.replace(/^0[xX]/, '');
  if (!/^[0-9a-fA-F]*$/.test(digits) || digits.length % 2 !== 0) throw fieldError(field, 'hex', length);
  if (length !== undefined && digits.length !== length * 2) throw fieldError(field, 'hex', length);
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** A short, bounded rendering of a value found in a file, for messages (text the file's maker chose). */
function describeValue(value: unknown) {
  const text = typeof value === 'string' ? `“${value}”` : (JSON.stringify(value) ?? String(value));
  return untrustedValue(text.length > 40 ? `${text.slice(0, 39)}…` : text, 'whole');
}

export function isPowerOfTwo(n: number): boolean {
  if (!Number.isInteger(n) || n <= 1) return false;
  // Halving, not `n & (n - 1)`: bitwise operators truncate to 32 bits.
  let rest = n;
  while (rest % 2 === 0) rest /= 2;
  return rest === 1;
}

export function isPositiveInteger(n: number): boolean {
  return Number.isInteger(n) && n > 0;
}

// ---------------------------------------------------------------------------------------------
// Crypto helpers
