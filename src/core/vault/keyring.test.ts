import { describe, expect, it } from 'vitest';
import type { Account } from '@/core/accounts/account';
import { nfkdBytes } from '@/core/keys/hd';
import { TEST_ADDRESS_0, TEST_KEY_0, TEST_PHRASE } from '@/testing/vaultFixtures';
import { DEMO_MNEMONIC } from '../chain/localChain';
import { addressOfPrivateKey } from '../keys/privateKey';
import { Keyring } from './keyring';
import type { StoredSecret, VaultContents } from './vaultContents';

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
    // The seed is cached, as after the first signature of an unlock; the next account's key is not.
    (await ring.privateKeyFor(hdAccount)).fill(0);
    const next: Account = {
      ...hdAccount,
      id: 'account-1',
      source: { ...hdAccount.source, index: 1, path: "m/44'/60'/0'/0/1" } as Account['source'],
    };
    const deriving = ring.privateKeyFor(next);
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

// The first two accounts of the public demo phrase (Hardhat's default accounts).
const FIRST = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function phraseSecret(id: string): StoredSecret {
  return {
    id,
    kind: 'phrase',
    origin: 'demo',
    backedUp: true,
    createdAt: 0,
    language: 'english',
    phrase: new TextEncoder().encode(DEMO_MNEMONIC),
    passphrase: new Uint8Array(),
  };
}

function demoAccount(secretId: string, index: number, address: string): Account {
  const template = "m/44'/60'/0'/0/{i}";
  return {
    id: `account-${index}`,
    name: `Account ${index + 1}`,
    address: address as Account['address'],
    source: { kind: 'hd', secretId, template, index, path: template.replace('{i}', String(index)) },
    hidden: false,
    demo: true,
    createdAt: 0,
  };
}

function contents(): VaultContents {
  return { secrets: [phraseSecret('s1')], accounts: [demoAccount('s1', 0, FIRST), demoAccount('s1', 1, SECOND)] };
}

describe('Keyring', () => {
  it('derives each HD key once and hands out copies the caller may wipe', async () => {
    const vault = contents();
    const keyring = new Keyring(vault);
    const [first, second] = vault.accounts as [Account, Account];
    const key = await keyring.privateKeyFor(first);
    expect(addressOfPrivateKey(key)).toBe(FIRST);
    key.fill(0);
    const again = await keyring.privateKeyFor(first);
    expect(again).not.toBe(key);
    expect(addressOfPrivateKey(again)).toBe(FIRST);
    expect(addressOfPrivateKey(await keyring.privateKeyFor(second))).toBe(SECOND);
  });

  it('zero-fills the derived keys it kept when it is wiped, and refuses afterwards', async () => {
    const vault = contents();
    const keyring = new Keyring(vault);
    const account = vault.accounts[0] as Account;
    await keyring.privateKeyFor(account);
    const kept = [...(keyring as unknown as { derived: Map<string, { key: Uint8Array }> }).derived.values()];
    expect(kept).toHaveLength(1);
    keyring.wipe();
    expect(kept.every(({ key }) => key.every((b) => b === 0))).toBe(true);
    await expect(keyring.privateKeyFor(account)).rejects.toMatchObject({ code: 'VAULT_LOCKED' });
  });

  it('forgets the derived keys of a secret the new contents no longer hold', async () => {
    const vault = contents();
    const keyring = new Keyring(vault);
    await keyring.privateKeyFor(vault.accounts[0] as Account);
    const kept = [...(keyring as unknown as { derived: Map<string, { key: Uint8Array }> }).derived.values()];
    keyring.replaceContents({ secrets: [phraseSecret('s2')], accounts: [demoAccount('s2', 0, FIRST)] });
    expect(kept[0]?.key.every((b) => b === 0)).toBe(true);
    expect((keyring as unknown as { derived: Map<string, unknown> }).derived.size).toBe(0);
  });
});

describe('keyring: accounts without a key in the vault', () => {
  it('has no key for a QR device account, and says where the key is', async () => {
    const device: Account = {
      ...hdAccount,
      id: 'device-0',
      source: {
        kind: 'qrDevice',
        deviceName: 'Keystone',
        masterFingerprint: 1,
        path: hdAccount.source.kind === 'hd' ? hdAccount.source.path : '',
      },
    };
    await expect(keyring().privateKeyFor(device)).rejects.toMatchObject({ code: 'VAULT_KEY_ON_DEVICE' });
  });
});
