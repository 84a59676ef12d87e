import { pbkdf2Async } from '@noble/hashes/pbkdf2';
import { scryptAsync } from '@noble/hashes/scrypt';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { type Address, bytesToHex, getAddress } from 'viem';
import { toSafeDetails } from '../errors/base';
import { KeyError, KeystoreFieldError } from '../errors/keys';
import { addressOfPrivateKey, assertPrivateKeyInRange } from './privateKey';

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
const MAX_SCRYPT_MEMORY = 1024 ** 3 + 1024;
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
    throw new KeyError(
      'KEYS_KEYSTORE_MALFORMED',
      'This file is not JSON, so it is not a keystore file. Choose the keystore file itself (its name often starts with “UTC--”).',
    );
  }
  if (!isRecord(json)) {
    throw new KeyError(
      'KEYS_KEYSTORE_MALFORMED',
      'This file is JSON but not a keystore file: it has no keystore fields.',
    );
  }
  if ('encseed' in json && 'ethaddr' in json) {
    throw new KeyError(
      'KEYS_KEYSTORE_UNSUPPORTED',
      'This is an Ethereum presale wallet (from the 2014 crowdsale), not a keystore v3 file. Cairn cannot import presale wallets.',
    );
  }
  if (json.version !== 3) {
    throw new KeyError(
      'KEYS_KEYSTORE_UNSUPPORTED',
      json.version === undefined
        ? 'This file has no keystore version, so it is not a keystore v3 file. Cairn reads version 3 keystore files only.'
        : `This keystore file is version ${describeValue(json.version)}. Cairn reads version 3 keystore files only.`,
    );
  }

  // ethers and some older tools write "Crypto"; geth reads both.
  const crypto = json.crypto ?? json.Crypto;
  const cryptoRecord = requireRecord(crypto, 'crypto');

  const cipher = requireString(cryptoRecord.cipher, 'crypto.cipher');
  if (cipher !== 'aes-128-ctr') {
    throw new KeyError(
      'KEYS_KEYSTORE_UNSUPPORTED',
      `This keystore file uses the cipher ${describeValue(cipher)}. Cairn supports aes-128-ctr only.`,
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

/**
 * Decrypts: derives the key (scrypt or pbkdf2), checks the MAC (keccak256(dk[16..32] ++
 * ciphertext)), decrypts AES-128-CTR with dk[0..16]. Returns the 32-byte private key (caller owns
 * it). Throws KEYS_KEYSTORE_WRONG_PASSWORD on MAC mismatch, KEYS_KEYSTORE_MALFORMED when the file's
 * address does not match the key inside it.
 *
 * The password is tried as UTF-8 of its NFKD form first (what ethers and the v3 spec's reference
 * implementations in JS write, and what `encryptKeystore` writes). If that fails and NFKD changed
 * the string, the password is tried again as typed: geth, ethereumjs-wallet (MyEtherWallet,
 * MyCrypto) and Parity use the raw bytes, so a file they wrote with e.g. “é” (U+00E9) only opens
 * without normalisation. That second attempt restarts `onProgress` from 0.
 */
export async function decryptKeystore(
  keystore: ParsedKeystore,
  password: string,
  onProgress?: OnProgress,
): Promise<Uint8Array> {
  const normalized = password.normalize('NFKD');
  const candidates = normalized === password ? [normalized] : [normalized, password];
  for (const candidate of candidates) {
    const passwordBytes = utf8(candidate);
    let derived: Uint8Array | undefined;
    try {
      derived = await deriveKey(keystore.kdf, passwordBytes, onProgress);
      const expectedMac = keccak_256(concatBytes(derived.subarray(16, 32), keystore.ciphertext));
      if (!equalBytes(expectedMac, keystore.mac)) continue;
      const privateKey = await aesCtr('decrypt', derived.subarray(0, 16), keystore.iv, keystore.ciphertext);
      checkDecryptedKey(privateKey, keystore.address);
      return privateKey;
    } finally {
      passwordBytes.fill(0);
      derived?.fill(0);
    }
  }
  throw new KeyError(
    'KEYS_KEYSTORE_WRONG_PASSWORD',
    'Wrong password for this keystore file. Use the password that was set when the file was created.',
  );
}

/**
 * Encrypts a private key as keystore v3 JSON text, scrypt by default n=262144 r=8 p=1, dklen 32,
 * random 32-byte salt and 16-byte iv from crypto.getRandomValues, random v4 UUID id, lowercase
 * address without 0x (as geth writes). The password is UTF-8 of its NFKD form.
 */
export async function encryptKeystore(
  privateKey: Uint8Array,
  password: string,
  options: KeystoreExportOptions = {},
): Promise<string> {
  assertPrivateKeyInRange(privateKey);
  const { n = DEFAULT_KEYSTORE_SCRYPT.n, r = DEFAULT_KEYSTORE_SCRYPT.r, p = DEFAULT_KEYSTORE_SCRYPT.p } = options;
  if (!isPowerOfTwo(n) || !isPositiveInteger(r) || !isPositiveInteger(p) || scryptCostProblem(n, r, p)) {
    throw new RangeError('encryptKeystore: n must be a power of two > 1, r and p positive, within the cost limits.');
  }
  const salt = options.salt ?? randomBytes(32);
  const iv = options.iv ?? randomBytes(16);
  if (iv.length !== 16) throw new RangeError('encryptKeystore: iv must be 16 bytes.');
  const id = options.uuid ?? randomUuid();

  const kdf: KdfParams = { kdf: 'scrypt', n, r, p, dklen: 32, salt };
  const passwordBytes = utf8(password.normalize('NFKD'));
  let derived: Uint8Array | undefined;
  try {
    derived = await deriveKey(kdf, passwordBytes, options.onProgress);
    const ciphertext = await aesCtr('encrypt', derived.subarray(0, 16), iv, privateKey);
    const mac = keccak_256(concatBytes(derived.subarray(16, 32), ciphertext));
    // Field order as geth writes it.
    return JSON.stringify({
      address: addressOfPrivateKey(privateKey).slice(2).toLowerCase(),
      crypto: {
        cipher: 'aes-128-ctr',
        ciphertext: hex(ciphertext),
        cipherparams: { iv: hex(iv) },
        kdf: 'scrypt',
        kdfparams: { dklen: 32, n, p, r, salt: hex(salt) },
        mac: hex(mac),
      },
      id,
      version: 3,
    });
  } finally {
    passwordBytes.fill(0);
    derived?.fill(0);
  }
}

/** A file name as geth writes it: UTC--2026-11-21T01-02-03.456Z--<address lowercase without 0x>. */
export function keystoreFileName(address: Address, date: Date): string {
  const stamp = date.toISOString().replace(/:/g, '-');
  return `UTC--${stamp}--${address.replace(/^0x/i, '').toLowerCase()}`;
}

// ---------------------------------------------------------------------------------------------
// Parsing helpers

function parseKdf(cryptoRecord: Record<string, unknown>): KdfParams {
  const kdf = requireString(cryptoRecord.kdf, 'crypto.kdf');
  if (kdf !== 'scrypt' && kdf !== 'pbkdf2') {
    throw new KeyError(
      'KEYS_KEYSTORE_UNSUPPORTED',
      `This keystore file uses the key derivation ${describeValue(kdf)}. Cairn supports scrypt and pbkdf2 only.`,
    );
  }
  const params = requireRecord(cryptoRecord.kdfparams, 'crypto.kdfparams');
  const dklen = requireNumber(params.dklen, 'crypto.kdfparams.dklen');
  if (!Number.isInteger(dklen) || dklen < 32 || dklen > MAX_DKLEN) {
    throw new KeystoreFieldError('crypto.kdfparams.dklen', `must be a whole number from 32 to ${MAX_DKLEN}`);
  }

  if (kdf === 'scrypt') {
    const n = requireNumber(params.n, 'crypto.kdfparams.n');
    if (!isPowerOfTwo(n)) throw new KeystoreFieldError('crypto.kdfparams.n', 'must be a power of two greater than 1');
    const r = requirePositiveInteger(params.r, 'crypto.kdfparams.r');
    const p = requirePositiveInteger(params.p, 'crypto.kdfparams.p');
    const salt = requireHex(params.salt, 'crypto.kdfparams.salt');
    const problem = scryptCostProblem(n, r, p);
    if (problem) {
      throw new KeyError(
        'KEYS_KEYSTORE_UNSUPPORTED',
        `This keystore file asks for a scrypt cost (n=${n}, r=${r}, p=${p}) that ${problem}. Cairn refuses it rather than freeze.`,
      );
    }
    return { kdf, n, r, p, dklen, salt };
  }

  const c = requirePositiveInteger(params.c, 'crypto.kdfparams.c');
  const prf = requireString(params.prf, 'crypto.kdfparams.prf');
  if (prf !== 'hmac-sha256') {
    throw new KeyError(
      'KEYS_KEYSTORE_UNSUPPORTED',
      `This keystore file uses pbkdf2 with ${describeValue(prf)}. Cairn supports pbkdf2 with hmac-sha256 only.`,
    );
  }
  const salt = requireHex(params.salt, 'crypto.kdfparams.salt');
  if (c * Math.ceil(dklen / 32) > MAX_PBKDF2_WORK) {
    throw new KeyError(
      'KEYS_KEYSTORE_UNSUPPORTED',
      `This keystore file asks for ${c} pbkdf2 iterations, far more than any wallet writes. Cairn refuses it rather than freeze.`,
    );
  }
  return { kdf, c, prf, dklen, salt };
}

/** Why an scrypt cost is refused, as the end of a sentence, or undefined when it is acceptable. */
function scryptCostProblem(n: number, r: number, p: number): string | undefined {
  if (128 * r * (n + p) > MAX_SCRYPT_MEMORY) return 'needs more than 1 GiB of memory';
  if (128 * n * r * p > MAX_SCRYPT_WORK) return 'would take minutes to compute';
  return undefined;
}

function parseId(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new KeystoreFieldError('id', 'must be a string');
  return value;
}

function parseFileAddress(value: unknown): Address | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new KeystoreFieldError('address', 'must be a string of 40 hex digits');
  const digits = value.replace(/^0[xX]/, '');
  if (!/^[0-9a-fA-F]{40}$/.test(digits)) throw new KeystoreFieldError('address', 'must be 40 hex digits');
  return getAddress(`0x${digits.toLowerCase()}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireRecord(value: unknown, field: string): Record<string, unknown> {
  if (value === undefined || value === null) throw new KeystoreFieldError(field, 'is missing');
  if (!isRecord(value)) throw new KeystoreFieldError(field, 'must be an object');
  return value;
}

function requireString(value: unknown, field: string): string {
  if (value === undefined || value === null) throw new KeystoreFieldError(field, 'is missing');
  if (typeof value !== 'string') throw new KeystoreFieldError(field, 'must be a string');
  return value;
}

function requireNumber(value: unknown, field: string): number {
  if (value === undefined || value === null) throw new KeystoreFieldError(field, 'is missing');
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new KeystoreFieldError(field, 'must be a number');
  return value;
}

function requirePositiveInteger(value: unknown, field: string): number {
  const number = requireNumber(value, field);
  if (!isPositiveInteger(number)) throw new KeystoreFieldError(field, 'must be a positive whole number');
  return number;
}

/** Decodes a hex field (with or without 0x); `length` in bytes, when fixed. */
function requireHex(value: unknown, field: string, length?: number): Uint8Array {
  const problem = length === undefined ? 'must be hex' : `must be ${length} bytes of hex`;
  if (value === undefined || value === null) throw new KeystoreFieldError(field, 'is missing');
  if (typeof value !== 'string') throw new KeystoreFieldError(field, problem);
  const digits = value.replace(/^0[xX]/, '');
  if (!/^[0-9a-fA-F]*$/.test(digits) || digits.length % 2 !== 0) throw new KeystoreFieldError(field, problem);
  if (length !== undefined && digits.length !== length * 2) throw new KeystoreFieldError(field, problem);
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(digits.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** A short, bounded rendering of a value found in a file, for messages. */
function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? `“${value}”` : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function isPowerOfTwo(n: number): boolean {
  if (!Number.isInteger(n) || n <= 1) return false;
  // Halving, not `n & (n - 1)`: bitwise operators truncate to 32 bits.
  let rest = n;
  while (rest % 2 === 0) rest /= 2;
  return rest === 1;
}

function isPositiveInteger(n: number): boolean {
  return Number.isInteger(n) && n > 0;
}

// ---------------------------------------------------------------------------------------------
// Crypto helpers

async function deriveKey(kdf: KdfParams, password: Uint8Array, onProgress?: OnProgress): Promise<Uint8Array> {
  let last = -1;
  const report = (fraction: number) => {
    if (!onProgress || fraction === last) return;
    last = fraction;
    onProgress(fraction);
  };
  report(0);
  let derived: Uint8Array;
  if (kdf.kdf === 'scrypt') {
    try {
      derived = await scryptAsync(password, kdf.salt, {
        N: kdf.n,
        r: kdf.r,
        p: kdf.p,
        dkLen: kdf.dklen,
        maxmem: MAX_SCRYPT_MEMORY,
        onProgress: report,
      });
    } catch (error) {
      // A RangeError here is the browser refusing the scrypt buffer (up to 1 GiB).
      if (!(error instanceof RangeError)) throw error;
      throw new KeyError(
        'KEYS_KEYSTORE_UNSUPPORTED',
        'Unlocking this keystore file needs more memory than this browser allowed.',
        { details: toSafeDetails(error), cause: error },
      );
    }
  } else {
    derived = await pbkdf2Sha256(password, kdf.salt, kdf.c, kdf.dklen);
  }
  report(1);
  return derived;
}

/** PBKDF2-HMAC-SHA256 through WebCrypto (native, fast), or noble where WebCrypto refuses the input. */
async function pbkdf2Sha256(password: Uint8Array, salt: Uint8Array, c: number, dklen: number): Promise<Uint8Array> {
  const passwordCopy = copy(password);
  try {
    const baseKey = await globalThis.crypto.subtle.importKey('raw', passwordCopy, 'PBKDF2', false, ['deriveBits']);
    const bits = await globalThis.crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt: copy(salt), iterations: c },
      baseKey,
      dklen * 8,
    );
    return new Uint8Array(bits);
  } catch {
    // Some engines have refused empty passwords (Parity writes such files); noble accepts them.
    return pbkdf2Async(sha256, password, salt, { c, dkLen: dklen });
  } finally {
    passwordCopy.fill(0);
  }
}

async function aesCtr(
  mode: 'encrypt' | 'decrypt',
  key: Uint8Array,
  iv: Uint8Array,
  data: Uint8Array,
): Promise<Uint8Array> {
  const keyCopy = copy(key);
  const dataCopy = copy(data);
  try {
    const cryptoKey = await globalThis.crypto.subtle.importKey('raw', keyCopy, 'AES-CTR', false, [mode]);
    // length 128: the whole IV is the counter, as geth (Go's cipher.NewCTR) treats it.
    const algorithm = { name: 'AES-CTR', counter: copy(iv), length: 128 };
    const result =
      mode === 'encrypt'
        ? await globalThis.crypto.subtle.encrypt(algorithm, cryptoKey, dataCopy)
        : await globalThis.crypto.subtle.decrypt(algorithm, cryptoKey, dataCopy);
    return new Uint8Array(result);
  } finally {
    keyCopy.fill(0);
    dataCopy.fill(0);
  }
}

/** Range and address checks on a MAC-verified key; zero-fills it before throwing. */
function checkDecryptedKey(privateKey: Uint8Array, address: Address | undefined): void {
  try {
    assertPrivateKeyInRange(privateKey);
  } catch (error) {
    privateKey.fill(0);
    throw new KeyError(
      'KEYS_KEYSTORE_MALFORMED',
      'This keystore file is damaged: the key inside it is not a valid Ethereum private key.',
      { cause: error },
    );
  }
  if (address !== undefined && addressOfPrivateKey(privateKey) !== address) {
    privateKey.fill(0);
    throw new KeyError(
      'KEYS_KEYSTORE_MALFORMED',
      `This keystore file is damaged: its address ${address} does not match the key inside it.`,
    );
  }
}

/** Compares every byte whatever the first difference, so timing says nothing about the MAC. */
function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** A copy backed by a plain ArrayBuffer, as WebCrypto's BufferSource type requires. */
function copy(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes.length);
  out.set(bytes);
  return out;
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function hex(bytes: Uint8Array): string {
  return bytesToHex(bytes).slice(2);
}

function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** RFC 4122 version 4 UUID; built by hand because crypto.randomUUID needs a secure context. */
function randomUuid(): string {
  const bytes = randomBytes(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
