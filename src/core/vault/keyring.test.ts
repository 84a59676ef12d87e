import { describe, expect, it } from 'vitest';
import type { Account } from '@/core/accounts/account';
import { nfkdBytes } from '@/core/keys/hd';
import { TEST_ADDRESS_0, TEST_KEY_0, TEST_PHRASE } from '@/testing/vaultFixtures';
import { Keyring } from './keyring';

const hdAccount: Account = {
  id: 'account-0',
  name: 'Account 1',
  address: TEST_ADDRESS_0,
  source: { kind: 'hd', secretId: 'phrase-1', template: "m/44'/60'/0'/0/{i}", index: 0, path: "m/44'/60'/0'/0/0" },
  hidden: false,
  demo: false,
  createdAt: 1,
};

function keyring(): Keyring {
  return new Keyring({
    secrets: [
      {
        id: 'phrase-1',
        kind: 'phrase',
        origin: 'imported-phrase',
        backedUp: true,
        createdAt: 1,
        language: 'english',
        phrase: nfkdBytes(TEST_PHRASE),
        passphrase: new Uint8Array(),
      },
    ],
    accounts: [hdAccount],
  });
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('keyring', () => {
  it('derives the private key of an account from its phrase', async () => {
    expect(hex(await keyring().privateKeyFor(hdAccount))).toBe(TEST_KEY_0);
  });

  it('refuses (locked) when Cairn locks while a key is derived, never deriving from the zero-filled seed', async () => {
    const ring = keyring();
    // The seed is cached, as after the first signature of an unlock.
    (await ring.privateKeyFor(hdAccount)).fill(0);
    const deriving = ring.privateKeyFor(hdAccount);
    ring.wipe();
    await expect(deriving).rejects.toMatchObject({ code: 'VAULT_LOCKED' });
  });

  it('refuses (locked) when Cairn locks before the seed was first computed', async () => {
    const ring = keyring();
    const deriving = ring.privateKeyFor(hdAccount);
    ring.wipe();
    await expect(deriving).rejects.toMatchObject({ code: 'VAULT_LOCKED' });
  });
});
