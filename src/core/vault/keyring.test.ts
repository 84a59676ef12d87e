import { describe, expect, it } from 'vitest';
import type { Account } from '../accounts/account';
import { DEMO_MNEMONIC } from '../chain/localChain';
import { addressOfPrivateKey } from '../keys/privateKey';
import { Keyring } from './keyring';
import type { StoredSecret, VaultContents } from './vaultContents';

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

function hdAccount(secretId: string, index: number, address: string): Account {
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
  return { secrets: [phraseSecret('s1')], accounts: [hdAccount('s1', 0, FIRST), hdAccount('s1', 1, SECOND)] };
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
    keyring.replaceContents({ secrets: [phraseSecret('s2')], accounts: [hdAccount('s2', 0, FIRST)] });
    expect(kept[0]?.key.every((b) => b === 0)).toBe(true);
    expect((keyring as unknown as { derived: Map<string, unknown> }).derived.size).toBe(0);
  });
});
