// Keystore v3 decryption and encryption (scrypt or pbkdf2, AES-128-CTR, keccak MAC).
import { pbkdf2Async } from '@noble/hashes/pbkdf2';
import { scryptAsync } from '@noble/hashes/scrypt';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { scrypt } from 'hash-wasm';
import type { Address } from 'viem';
import { concatBytes, copy, equalBytes, hexOf, randomBytes, randomUuid, utf8 } from '../bytes';
import { toSafeDetails } from '../errors/base';
import { KeyError } from '../errors/keys';
import { codeValue, msg } from '../i18n/message';
import {
  DEFAULT_KEYSTORE_SCRYPT,
  isPositiveInteger,
  isPowerOfTwo,
  type KdfParams,
  type KeystoreExportOptions,
  MAX_SCRYPT_MEMORY,
  type OnProgress,
  type ParsedKeystore,
  scryptCostProblem,
} from './keystoreFormat';
import { addressOfPrivateKey, assertPrivateKeyInRange } from './privateKey';

export {
  DEFAULT_KEYSTORE_SCRYPT,
  type KdfParams,
  type KeystoreExportOptions,
  type OnProgress,
  type ParsedKeystore,
  parseKeystore,
} from './keystoreFormat';

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
  throw new KeyError('KEYS_KEYSTORE_WRONG_PASSWORD', msg('core.keys:keystore.wrongPassword'));
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
        ciphertext: hexOf(ciphertext),
        cipherparams: { iv: hexOf(iv) },
        kdf: 'scrypt',
        kdfparams: { dklen: 32, n, p, r, salt: hexOf(salt) },
        mac: hexOf(mac),
      },
      id,
      version: 3,
    });
  } finally {
    passwordBytes.fill(0);
    derived?.fill(0);
  }
}

/**
 * Does ahead of time the one-off work of the first decryption: compiling scrypt's WebAssembly and
 * building the curve tables the address check uses (together some 50–70 ms, after the KDF
 * otherwise). A keystore worker runs it while it waits for the person's password.
 */
export async function warmUpKeystoreCrypto(): Promise<void> {
  await scryptKdf({ kdf: 'scrypt', n: 2, r: 1, p: 1, dklen: 32, salt: new Uint8Array(8) }, new Uint8Array(1), () => {});
  const one = new Uint8Array(32);
  one[31] = 1;
  addressOfPrivateKey(one);
}

/** A file name as geth writes it: UTC--2026-11-21T01-02-03.456Z--<address lowercase without 0x>. */
export function keystoreFileName(address: Address, date: Date): string {
  const stamp = date.toISOString().replace(/:/g, '-');
  return `UTC--${stamp}--${address.replace(/^0x/i, '').toLowerCase()}`;
}

// ---------------------------------------------------------------------------------------------
// Parsing helpers

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
      derived = await scryptKdf(kdf, password, report);
    } catch (error) {
      // The browser refusing the scrypt memory (up to 1 GiB) surfaces as a RangeError or a
      // failed WebAssembly memory growth.
      if (!(error instanceof RangeError) && !/memory/i.test(String((error as Error)?.message))) throw error;
      throw new KeyError('KEYS_KEYSTORE_UNSUPPORTED', msg('core.keys:keystore.memory'), {
        details: toSafeDetails(error),
        cause: error,
      });
    }
  } else {
    derived = await pbkdf2Sha256(password, kdf.salt, kdf.c, kdf.dklen);
  }
  report(1);
  return derived;
}

/** Set once WebAssembly was refused here (a policy, a hardened browser): JavaScript from then on. */
let wasmRefused = false;

/**
 * scrypt in WebAssembly (hash-wasm): about as fast as native code, where the JavaScript one takes
 * twice as long; it reports no progress, so the caller shows the work as under way. Where
 * WebAssembly may not be compiled (a Content-Security-Policy without 'wasm-unsafe-eval', a browser
 * with WebAssembly off), noble's scrypt in JavaScript, with progress.
 */
async function scryptKdf(
  kdf: Extract<KdfParams, { kdf: 'scrypt' }>,
  password: Uint8Array,
  report: (fraction: number) => void,
): Promise<Uint8Array> {
  if (!wasmRefused) {
    try {
      return await scrypt({
        password,
        salt: kdf.salt,
        costFactor: kdf.n,
        blockSize: kdf.r,
        parallelism: kdf.p,
        hashLength: kdf.dklen,
        outputType: 'binary',
      });
    } catch (error) {
      if (!isWasmRefusal(error)) throw error;
      wasmRefused = true;
    }
  }
  return scryptAsync(password, kdf.salt, {
    N: kdf.n,
    r: kdf.r,
    p: kdf.p,
    dkLen: kdf.dklen,
    maxmem: MAX_SCRYPT_MEMORY,
    onProgress: report,
  });
}

function isWasmRefusal(error: unknown): boolean {
  if (typeof WebAssembly === 'undefined') return true;
  if (error instanceof WebAssembly.CompileError || error instanceof WebAssembly.LinkError) return true;
  // Chromium and Safari refuse compilation under a policy with an EvalError or a CompileError
  // whose message names the policy.
  return error instanceof EvalError || /Content Security Policy|unsafe-eval|wasm-eval/i.test(String(error));
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
    throw new KeyError('KEYS_KEYSTORE_MALFORMED', msg('core.keys:keystore.badKey'), { cause: error });
  }
  if (address !== undefined && addressOfPrivateKey(privateKey) !== address) {
    privateKey.fill(0);
    throw new KeyError(
      'KEYS_KEYSTORE_MALFORMED',
      msg('core.keys:keystore.addressMismatch', { address: codeValue(address) }),
    );
  }
}
