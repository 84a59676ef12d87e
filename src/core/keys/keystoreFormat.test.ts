import { bytesToHex, hexToBytes } from 'viem';
import { describe, expect, it } from 'vitest';
import { mycrypto, mycryptoParts, mycryptoText, type Parts, rejection, thrown } from '@/testing/keystoreFixtures';
import { type KeyError, KeystoreFieldError } from '../errors/keys';
import { decryptKeystore, parseKeystore } from './keystore';
import { addressOfPrivateKey } from './privateKey';

describe('parseKeystore', () => {
  it('decodes fields, accepts 0x hex and any address case, checksums the address', () => {
    const { root, crypto, cipherparams } = mycryptoParts();
    root.address = `0X${String(root.address).toUpperCase()}`;
    crypto.mac = `0x${crypto.mac}`;
    cipherparams.iv = String(cipherparams.iv).toUpperCase();
    const keystore = parseKeystore(`\uFEFF${JSON.stringify(root)}`);
    expect(keystore).toMatchObject({
      version: 3,
      id: '0eb785e0-340a-4290-9c42-90a11973ee47',
      address: '0x460121576Cc7DF020759730751f92bd62FD78dD6',
      cipher: 'aes-128-ctr',
      kdf: { kdf: 'scrypt', n: 8192, r: 8, p: 1, dklen: 32 },
    });
    expect(keystore.address).toBe(addressOfPrivateKey(hexToBytes(`0x${mycrypto.priv}`)));
    expect(bytesToHex(keystore.iv)).toBe('0x681679cdb125bba9495d068b002816a4');
    expect(keystore.mac).toHaveLength(32);
    expect(keystore.ciphertext).toHaveLength(32);
    expect(keystore.kdf.salt).toHaveLength(32);
  });

  type Case = {
    name: string;
    text: string | ((parts: Parts) => void);
    code: KeyError['code'];
    /** Words the message must contain: the field path or the value found. */
    names: readonly string[];
    field?: string;
  };
  const cases: Case[] = [
    { name: 'not JSON', text: 'UTC--2017 this is not json {', code: 'KEYS_KEYSTORE_MALFORMED', names: ['not JSON'] },
    { name: 'JSON but not an object', text: '[1, 2]', code: 'KEYS_KEYSTORE_MALFORMED', names: ['not a keystore'] },
    {
      name: 'missing crypto',
      text: (j) => delete j.root.crypto,
      code: 'KEYS_KEYSTORE_MALFORMED',
      names: ['crypto is missing'],
      field: 'crypto',
    },
    {
      name: 'missing kdfparams.salt',
      text: (j) => delete j.kdfparams.salt,
      code: 'KEYS_KEYSTORE_MALFORMED',
      names: ['crypto.kdfparams.salt', 'missing'],
      field: 'crypto.kdfparams.salt',
    },
    {
      name: 'bad iv length',
      text: (j) => {
        j.cipherparams.iv = 'abcdef';
      },
      code: 'KEYS_KEYSTORE_MALFORMED',
      names: ['crypto.cipherparams.iv', '16 bytes'],
      field: 'crypto.cipherparams.iv',
    },
    {
      name: 'iv not hex',
      text: (j) => {
        j.cipherparams.iv = 'zz'.repeat(16);
      },
      code: 'KEYS_KEYSTORE_MALFORMED',
      names: ['crypto.cipherparams.iv'],
      field: 'crypto.cipherparams.iv',
    },
    {
      name: 'unknown cipher',
      text: (j) => {
        j.crypto.cipher = 'aes-128-cbc';
      },
      code: 'KEYS_KEYSTORE_UNSUPPORTED',
      names: ['aes-128-cbc'],
    },
    {
      name: 'unknown kdf',
      text: (j) => {
        j.crypto.kdf = 'argon2id';
      },
      code: 'KEYS_KEYSTORE_UNSUPPORTED',
      names: ['argon2id'],
    },
    {
      name: 'pbkdf2 with another prf',
      text: (j) => {
        j.crypto.kdf = 'pbkdf2';
        j.crypto.kdfparams = { c: 10240, dklen: 32, prf: 'hmac-sha512', salt: 'ab' };
      },
      code: 'KEYS_KEYSTORE_UNSUPPORTED',
      names: ['hmac-sha512'],
    },
    {
      name: 'version 2',
      text: (j) => {
        j.root.version = 2;
      },
      code: 'KEYS_KEYSTORE_UNSUPPORTED',
      names: ['version 2'],
    },
    {
      name: 'no version',
      text: (j) => delete j.root.version,
      code: 'KEYS_KEYSTORE_UNSUPPORTED',
      names: ['no keystore version'],
    },
    {
      name: 'absurd scrypt n',
      text: (j) => {
        j.kdfparams.n = 2 ** 30;
      },
      code: 'KEYS_KEYSTORE_UNSUPPORTED',
      names: ['scrypt', `n=${2 ** 30}`, '1 GiB'],
    },
    {
      name: 'absurd scrypt p',
      text: (j) => {
        j.kdfparams.n = 2 ** 18;
        j.kdfparams.p = 1000;
      },
      code: 'KEYS_KEYSTORE_UNSUPPORTED',
      names: ['scrypt', 'p=1000'],
    },
    {
      name: 'absurd pbkdf2 c',
      text: (j) => {
        j.crypto.kdf = 'pbkdf2';
        j.crypto.kdfparams = { c: 2 ** 31, dklen: 32, prf: 'hmac-sha256', salt: 'ab' };
      },
      code: 'KEYS_KEYSTORE_UNSUPPORTED',
      names: ['pbkdf2', String(2 ** 31)],
    },
    {
      name: 'scrypt n not a power of two',
      text: (j) => {
        j.kdfparams.n = 1000;
      },
      code: 'KEYS_KEYSTORE_MALFORMED',
      names: ['crypto.kdfparams.n', 'power of two'],
      field: 'crypto.kdfparams.n',
    },
    {
      name: 'scrypt n beyond 32 bits, not a power of two',
      text: (j) => {
        j.kdfparams.n = 3 * 2 ** 31;
      },
      code: 'KEYS_KEYSTORE_MALFORMED',
      names: ['crypto.kdfparams.n', 'power of two'],
      field: 'crypto.kdfparams.n',
    },
    {
      name: 'dklen too short',
      text: (j) => {
        j.kdfparams.dklen = 16;
      },
      code: 'KEYS_KEYSTORE_MALFORMED',
      names: ['crypto.kdfparams.dklen'],
      field: 'crypto.kdfparams.dklen',
    },
    {
      name: 'mac wrong length',
      text: (j) => {
        j.crypto.mac = String(j.crypto.mac).slice(0, 62);
      },
      code: 'KEYS_KEYSTORE_MALFORMED',
      names: ['crypto.mac', '32 bytes'],
      field: 'crypto.mac',
    },
    {
      name: 'ciphertext wrong length',
      text: (j) => {
        j.crypto.ciphertext = `${j.crypto.ciphertext}00`;
      },
      code: 'KEYS_KEYSTORE_MALFORMED',
      names: ['crypto.ciphertext'],
      field: 'crypto.ciphertext',
    },
    {
      name: 'bad address',
      text: (j) => {
        j.root.address = '0x1234';
      },
      code: 'KEYS_KEYSTORE_MALFORMED',
      names: ['address'],
      field: 'address',
    },
  ];

  function textOf(c: Case): string {
    if (typeof c.text === 'string') return c.text;
    const parts = mycryptoParts();
    c.text(parts);
    return JSON.stringify(parts.root);
  }

  it.each(cases.map((c) => [c.name, c] as const))('refuses %s', (_name, c) => {
    const error = thrown(() => parseKeystore(textOf(c)));
    expect(error.code).toBe(c.code);
    for (const word of c.names) expect(error.message).toContain(word);
    if (c.field !== undefined) {
      expect(error).toBeInstanceOf(KeystoreFieldError);
      expect((error as KeystoreFieldError).field).toBe(c.field);
    }
  });

  it('never puts the password or the key in a message', async () => {
    const messages: string[] = cases.map((c) => {
      const error = thrown(() => parseKeystore(textOf(c)));
      return `${error.message} ${error.details ?? ''}`;
    });
    const keystore = parseKeystore(mycryptoText);
    const wrong = await rejection(decryptKeystore(keystore, `${mycrypto.password}x`));
    messages.push(`${wrong.message} ${wrong.details ?? ''}`);
    const { root: json } = mycryptoParts();
    json.address = '0000000000000000000000000000000000000001';
    const mismatch = await rejection(decryptKeystore(parseKeystore(JSON.stringify(json)), mycrypto.password));
    messages.push(`${mismatch.message} ${mismatch.details ?? ''}`);
    for (const message of messages) {
      expect(message).not.toContain(mycrypto.password);
      expect(message.toLowerCase()).not.toContain(mycrypto.priv);
      expect(message).not.toContain(mycrypto.priv.slice(0, 16));
    }
  });
});
