import { createCipheriv } from 'node:crypto';
import { scrypt } from '@noble/hashes/scrypt';
import { keccak_256 } from '@noble/hashes/sha3';
import fc from 'fast-check';
import { bytesToHex, hexToBytes } from 'viem';
import { describe, expect, it, vi } from 'vitest';
import {
  basicTests,
  crowdsaleWallets,
  keystoreWallets,
  mycrypto,
  mycryptoParts,
  mycryptoText,
  rejection,
  SLOW,
  thrown,
  utf8OfHex,
  walletNamed,
} from '@/testing/keystoreFixtures';
import {
  DEFAULT_KEYSTORE_SCRYPT,
  decryptKeystore,
  encryptKeystore,
  keystoreFileName,
  type ParsedKeystore,
  parseKeystore,
} from './keystore';
import { addressOfPrivateKey, assertPrivateKeyInRange } from './privateKey';

describe('decryptKeystore: ethereum/tests KeyStoreTests', () => {
  it.each(Object.entries(basicTests))(
    '%s decrypts to priv',
    async (_name, test) => {
      const keystore = parseKeystore(JSON.stringify(test.json));
      const key = await decryptKeystore(keystore, test.password);
      expect(bytesToHex(key).slice(2)).toBe(test.priv);
    },
    SLOW,
  );
});

describe('decryptKeystore: ethers wallets', () => {
  it('has the expected vectors', () => {
    expect(keystoreWallets).toHaveLength(7);
    expect(crowdsaleWallets).toHaveLength(2);
  });

  it.each(keystoreWallets.map((w) => [w.name, w] as const))(
    '%s decrypts to its address',
    async (_name, wallet) => {
      const keystore = parseKeystore(wallet.content);
      const key = await decryptKeystore(keystore, utf8OfHex(wallet.password));
      expect(addressOfPrivateKey(key)).toBe(wallet.address);
      if (keystore.address !== undefined) expect(keystore.address).toBe(wallet.address);
    },
    SLOW,
  );

  it('reads the upper-case Crypto key and files without an address', () => {
    expect(parseKeystore(walletNamed('wallet_random3').content).kdf).toMatchObject({
      kdf: 'scrypt',
      n: 1024,
      r: 4,
      p: 2,
    });
    expect(parseKeystore(walletNamed('wallet_ks_noaddr').content).address).toBeUndefined();
  });

  it.each(crowdsaleWallets.map((w) => [w.name, w] as const))('%s (presale) is refused', (_name, wallet) => {
    const error = thrown(() => parseKeystore(wallet.content));
    expect(error.code).toBe('KEYS_KEYSTORE_UNSUPPORTED');
    expect(error.message).toMatch(/presale wallet/);
    expect(error.message).toMatch(/not a keystore v3 file/);
  });
});

describe('decryptKeystore failures', () => {
  it('reports a wrong password', async () => {
    const keystore = parseKeystore(walletNamed('wallet_random3').content);
    const error = await rejection(decryptKeystore(keystore, 'not foo'));
    expect(error.code).toBe('KEYS_KEYSTORE_WRONG_PASSWORD');
  });

  it('reports a wrong password for a pbkdf2 file', async () => {
    const keystore = parseKeystore(walletNamed('wallet_parity_pbkdf2').content);
    const error = await rejection(decryptKeystore(keystore, 'x'));
    expect(error.code).toBe('KEYS_KEYSTORE_WRONG_PASSWORD');
  });

  it('falls back to noble pbkdf2 when WebCrypto refuses the password', async () => {
    const subtle = globalThis.crypto.subtle;
    const original = subtle.importKey.bind(subtle);
    const spy = vi.spyOn(subtle, 'importKey').mockImplementation(((...args: Parameters<typeof original>) => {
      if (args[2] === 'PBKDF2') return Promise.reject(new DOMException('empty password', 'OperationError'));
      return original(...args);
    }) as typeof subtle.importKey);
    try {
      const wallet = walletNamed('wallet_parity_pbkdf2');
      const key = await decryptKeystore(parseKeystore(wallet.content), '');
      expect(addressOfPrivateKey(key)).toBe(wallet.address);
      expect(spy.mock.calls.some((call) => call[2] === 'PBKDF2')).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses a file whose address does not match its key', async () => {
    const { root: json } = mycryptoParts();
    json.address = '0000000000000000000000000000000000000001';
    const error = await rejection(decryptKeystore(parseKeystore(JSON.stringify(json)), mycrypto.password));
    expect(error.code).toBe('KEYS_KEYSTORE_MALFORMED');
    expect(error.message).toMatch(/address .* does not match/);
  });
});

describe('password normalisation', () => {
  /** A keystore written as geth/ethereumjs-wallet do: raw UTF-8 of the password, no normalisation. */
  function rawPasswordKeystore(privateKey: Uint8Array, password: string): ParsedKeystore {
    const salt = new Uint8Array(32).fill(7);
    const iv = new Uint8Array(16).fill(9);
    const dk = scrypt(new TextEncoder().encode(password), salt, { N: 1024, r: 8, p: 1, dkLen: 32 });
    const cipher = createCipheriv('aes-128-ctr', dk.subarray(0, 16), iv);
    const ciphertext = new Uint8Array(Buffer.concat([cipher.update(privateKey), cipher.final()]));
    const mac = keccak_256(new Uint8Array([...dk.subarray(16, 32), ...ciphertext]));
    const hex = (b: Uint8Array) => bytesToHex(b).slice(2);
    return parseKeystore(
      JSON.stringify({
        version: 3,
        crypto: {
          cipher: 'aes-128-ctr',
          cipherparams: { iv: hex(iv) },
          ciphertext: hex(ciphertext),
          kdf: 'scrypt',
          kdfparams: { n: 1024, r: 8, p: 1, dklen: 32, salt: hex(salt) },
          mac: hex(mac),
        },
      }),
    );
  }

  const key = hexToBytes(`0x${'11'.repeat(32)}`);

  it('opens a file written with the raw (composed) password, as geth writes it', async () => {
    const composed = 'caf\u00e9 \u00c5ngstr\u00f6m';
    expect(composed.normalize('NFKD')).not.toBe(composed);
    const decrypted = await decryptKeystore(rawPasswordKeystore(key, composed), composed);
    expect(decrypted).toEqual(key);
  });

  it('writes NFKD, so composed and decomposed spellings of a password both open the file', async () => {
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    const text = await encryptKeystore(key, composed, { n: 1024 });
    expect(await decryptKeystore(parseKeystore(text), decomposed)).toEqual(key);
    expect(await decryptKeystore(parseKeystore(text), composed)).toEqual(key);
    const error = await rejection(decryptKeystore(parseKeystore(text), 'cafe'));
    expect(error.code).toBe('KEYS_KEYSTORE_WRONG_PASSWORD');
  });

  it('still reports a wrong non-ASCII password after trying both forms', async () => {
    const error = await rejection(decryptKeystore(rawPasswordKeystore(key, 'caf\u00e9'), 'caf\u00e8'));
    expect(error.code).toBe('KEYS_KEYSTORE_WRONG_PASSWORD');
  });
});

describe('encryptKeystore', () => {
  it(
    'writes a geth-style v3 file with the default scrypt cost, which decrypts back',
    async () => {
      const key = hexToBytes(`0x${basicTests.test1.priv}`);
      const text = await encryptKeystore(key, 'correct horse');
      const json = JSON.parse(text);
      expect(json.version).toBe(3);
      expect(json.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(json.address).toBe(addressOfPrivateKey(key).slice(2).toLowerCase());
      expect(json.crypto.cipher).toBe('aes-128-ctr');
      expect(json.crypto.kdf).toBe('scrypt');
      expect(json.crypto.kdfparams).toMatchObject({ ...DEFAULT_KEYSTORE_SCRYPT, dklen: 32 });
      expect(json.crypto.kdfparams).toMatchObject({ n: 262144, r: 8, p: 1, dklen: 32 });
      expect(json.crypto.kdfparams.salt).toMatch(/^[0-9a-f]{64}$/);
      expect(json.crypto.cipherparams.iv).toMatch(/^[0-9a-f]{32}$/);
      const decrypted = await decryptKeystore(parseKeystore(text), 'correct horse');
      expect(decrypted).toEqual(key);
    },
    SLOW,
  );

  it('is deterministic given salt, iv and uuid', async () => {
    const key = hexToBytes(`0x${mycrypto.priv}`);
    const options = { n: 1024, salt: new Uint8Array(32).fill(1), iv: new Uint8Array(16).fill(2), uuid: 'fixed' };
    const a = await encryptKeystore(key, 'pw', options);
    const b = await encryptKeystore(key, 'pw', options);
    expect(a).toBe(b);
    expect(JSON.parse(a).id).toBe('fixed');
    expect(a).not.toBe(await encryptKeystore(key, 'pw', { n: 1024 }));
  });

  it('refuses an invalid private key', async () => {
    const error = await rejection(encryptKeystore(new Uint8Array(32), 'pw', { n: 1024 }));
    expect(error.code).toBe('KEYS_PRIVATE_KEY_RANGE');
  });

  it(
    'round-trips random keys and passwords',
    async () => {
      const validKey = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((bytes) => {
        try {
          assertPrivateKeyInRange(bytes);
          return true;
        } catch {
          return false;
        }
      });
      await fc.assert(
        fc.asyncProperty(validKey, fc.string({ unit: 'binary', maxLength: 24 }), async (key, password) => {
          const text = await encryptKeystore(key, password, { n: 1024, r: 8, p: 1 });
          const keystore = parseKeystore(text);
          expect(keystore.address).toBe(addressOfPrivateKey(key));
          expect(await decryptKeystore(keystore, password)).toEqual(key);
        }),
        { numRuns: 20 },
      );
    },
    SLOW,
  );
});

describe('onProgress', () => {
  function expectProgress(values: number[]) {
    expect(values[0]).toBe(0);
    expect(values.at(-1)).toBe(1);
    for (const [i, v] of values.entries()) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
      if (i > 0) expect(v).toBeGreaterThanOrEqual(values[i - 1] ?? 0);
    }
  }

  it('says when decrypting with scrypt starts and ends (the WebAssembly scrypt reports nothing between)', async () => {
    const values: number[] = [];
    await decryptKeystore(parseKeystore(mycryptoText), mycrypto.password, (f) => values.push(f));
    expect(values).toEqual([0, 1]);
  });

  it('goes from 0 to 1 while decrypting with pbkdf2', async () => {
    const values: number[] = [];
    const wallet = walletNamed('wallet_parity_pbkdf2');
    await decryptKeystore(parseKeystore(wallet.content), '', (f) => values.push(f));
    expectProgress(values);
  });

  it('goes from 0 to 1 while encrypting', async () => {
    const values: number[] = [];
    await encryptKeystore(hexToBytes(`0x${mycrypto.priv}`), 'pw', { n: 1024, onProgress: (f) => values.push(f) });
    expectProgress(values);
  });
});

describe('keystoreFileName', () => {
  it('names the file as geth does', () => {
    const date = new Date(Date.UTC(2026, 10, 21, 1, 2, 3, 456));
    expect(keystoreFileName('0x460121576Cc7DF020759730751f92bd62FD78dD6', date)).toBe(
      'UTC--2026-11-21T01-02-03.456Z--460121576cc7df020759730751f92bd62fd78dd6',
    );
  });
});
