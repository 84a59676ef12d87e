import { describe, expect, it } from 'vitest';
import type { PasskeyAccountSource, PasskeyCredential } from '@/core/accounts/account';
import { parsePrivateKey } from '@/core/keys/privateKey';
import { named, TEST_ADDRESS_0, TEST_KEY_0 } from '@/testing/vaultFixtures';
import { addAccountPasskey, dropRegisteringPasskey, noteRegisteringPasskey } from './accountEdits';
import { addToContents, mergeContents, type NewSecret, removeAccount, secretOrphanedByRemoval } from './contentsOps';
import type { VaultContents } from './vaultContents';

const ids = () => {
  let n = 0;
  return { newId: () => `id-${++n}`, now: 1 };
};

const keySecret = (): Extract<NewSecret, { kind: 'privateKey' }> => ({
  kind: 'privateKey',
  privateKey: parsePrivateKey(TEST_KEY_0),
  origin: 'imported-key',
});

describe('vault contents: secret bytes have one owner', () => {
  it('zero-fills the secret it was given when none of its accounts can be added (duplicates)', () => {
    const held = addToContents(
      { secrets: [], accounts: [] },
      keySecret(),
      named({ address: TEST_ADDRESS_0, source: { kind: 'key' } }),
      ids(),
    ).contents;
    const secret = keySecret();
    expect(() =>
      addToContents(held, secret, named({ address: TEST_ADDRESS_0, source: { kind: 'key' } }), ids()),
    ).toThrow(expect.objectContaining({ code: 'VAULT_DUPLICATE_ACCOUNT' }));
    expect(secret.privateKey.every((b) => b === 0)).toBe(true);
  });

  it('merging a backup copies its secrets: the backup can be wiped on its own, and what is merged stays whole', () => {
    const backup: VaultContents = addToContents(
      { secrets: [], accounts: [] },
      keySecret(),
      named({ address: TEST_ADDRESS_0, source: { kind: 'key' } }),
      ids(),
    ).contents;
    const merged = mergeContents({ secrets: [], accounts: [] }, backup, ids());
    expect(merged.added).toBe(1);
    for (const secret of backup.secrets) if (secret.kind === 'privateKey') secret.privateKey.fill(0);
    const [kept] = merged.contents.secrets;
    expect(kept?.kind === 'privateKey' && Array.from(kept.privateKey)).toEqual(Array.from(parsePrivateKey(TEST_KEY_0)));
  });
});

describe('vault contents: a watched address whose key arrives', () => {
  const watching = () =>
    addToContents(
      { secrets: [], accounts: [] },
      undefined,
      named({ address: TEST_ADDRESS_0, source: { kind: 'watch' }, name: 'Savings' }),
      ids(),
    ).contents;

  it('becomes the same account, able to sign: same id, name and place, the key as its source', () => {
    const before = watching();
    const [watched] = before.accounts;
    const result = addToContents(before, keySecret(), named({ address: TEST_ADDRESS_0, source: { kind: 'key' } }), {
      newId: () => 'new-id',
      now: 2,
    });
    expect(result.contents.accounts).toHaveLength(1);
    const [account] = result.contents.accounts;
    expect(account).toMatchObject({ id: watched?.id, name: 'Savings', createdAt: watched?.createdAt, hidden: false });
    expect(account?.source).toEqual({ kind: 'key', secretId: 'new-id' });
    expect(result.added).toEqual([account]);
    expect(result.contents.secrets.map((s) => s.id)).toEqual(['new-id']);
  });

  it('is not touched by watching it again, and an account with a key is never turned back into a watched one', () => {
    expect(() =>
      addToContents(watching(), undefined, named({ address: TEST_ADDRESS_0, source: { kind: 'watch' } }), ids()),
    ).toThrow(expect.objectContaining({ code: 'VAULT_DUPLICATE_ACCOUNT' }));
    const keyed = addToContents(
      watching(),
      keySecret(),
      named({ address: TEST_ADDRESS_0, source: { kind: 'key' } }),
      ids(),
    );
    expect(() =>
      addToContents(keyed.contents, undefined, named({ address: TEST_ADDRESS_0, source: { kind: 'watch' } }), ids()),
    ).toThrow(expect.objectContaining({ code: 'VAULT_DUPLICATE_ACCOUNT' }));
    expect(keyed.contents.accounts[0]?.source.kind).toBe('key');
  });

  it('takes the key from a merged backup as well', () => {
    const backup = addToContents(
      { secrets: [], accounts: [] },
      keySecret(),
      named({ address: TEST_ADDRESS_0, source: { kind: 'key' } }),
      ids(),
    ).contents;
    const merged = mergeContents(watching(), backup, ids());
    expect(merged.added).toBe(1);
    expect(merged.contents.accounts).toHaveLength(1);
    expect(merged.contents.accounts[0]).toMatchObject({ name: 'Savings', source: { kind: 'key' } });
  });
});

describe('vault contents: accounts whose key is on a QR device', () => {
  const device = {
    kind: 'qrDevice',
    deviceName: 'Keystone',
    masterFingerprint: 0xf23f9fd2,
    path: "m/44'/60'/0'/0/0",
  } as const;
  const withDevice = (start: VaultContents = { secrets: [], accounts: [] }) =>
    addToContents(start, undefined, named({ address: TEST_ADDRESS_0, source: device }), ids());

  it('are added without a secret, named as device accounts, their device, fingerprint and path kept', () => {
    const { contents, added } = withDevice();
    expect(contents.secrets).toEqual([]);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ name: 'QR device 1', source: device });
  });

  it('take the place of a watched address, keeping its id and name; removing one removes no secret', () => {
    const watched = addToContents(
      { secrets: [], accounts: [] },
      undefined,
      named({ address: TEST_ADDRESS_0, source: { kind: 'watch' }, name: 'Savings' }),
      ids(),
    ).contents;
    const { contents } = withDevice(watched);
    expect(contents.accounts).toHaveLength(1);
    expect(contents.accounts[0]).toMatchObject({ id: watched.accounts[0]?.id, name: 'Savings', source: device });
    const withKey = addToContents(
      { secrets: [], accounts: [] },
      keySecret(),
      named({ address: TEST_ADDRESS_0.replace(/.$/, '0') as typeof TEST_ADDRESS_0, source: { kind: 'key' } }),
      ids(),
    ).contents;
    const both = mergeContents(withKey, contents, ids()).contents;
    const deviceAccount = both.accounts.find((a) => a.source.kind === 'qrDevice');
    expect(secretOrphanedByRemoval(both, deviceAccount?.id as string)).toBeUndefined();
    expect(removeAccount(both, deviceAccount?.id as string).contents.secrets).toHaveLength(1);
  });

  it('come back from a merged backup with their device details', () => {
    const merged = mergeContents({ secrets: [], accounts: [] }, withDevice().contents, ids());
    expect(merged.added).toBe(1);
    expect(merged.contents.accounts[0]?.source).toEqual(device);
  });
});

describe('vault contents: default names', () => {
  const watch = (n: number) => ({
    address: `0x${n.toString(16).padStart(40, '0')}` as const,
    source: { kind: 'watch' } as const,
  });

  it('number each prefix after the names already using it, whatever other prefixes have reached', () => {
    let contents: VaultContents = { secrets: [], accounts: [] };
    const add = (n: number, namePrefix: string) => {
      contents = addToContents(contents, undefined, [{ ...watch(n), namePrefix }], ids()).contents;
    };
    add(1, 'Watched');
    add(2, 'Watched');
    add(3, 'Beobachtet');
    add(4, 'Watched');
    add(5, 'Beobachtet');
    expect(contents.accounts.map((a) => a.name)).toEqual([
      'Watched 1',
      'Watched 2',
      'Beobachtet 1',
      'Watched 3',
      'Beobachtet 2',
    ]);
  });

  it('keep a name given, and a merged account’s stored name', () => {
    const given = addToContents(
      { secrets: [], accounts: [] },
      undefined,
      [{ ...watch(1), name: ' Savings ', namePrefix: 'Watched' }],
      ids(),
    );
    expect(given.added[0]?.name).toBe('Savings');
    const merged = mergeContents({ secrets: [], accounts: [] }, given.contents, ids());
    expect(merged.contents.accounts.map((a) => a.name)).toEqual(['Savings']);
  });
});

describe('vault contents: passkey accounts', () => {
  const first: PasskeyCredential = {
    id: 'AQID',
    publicKey: { x: `0x${'11'.repeat(32)}`, y: `0x${'22'.repeat(32)}` },
    name: 'Phone',
  };
  const source: PasskeyAccountSource = { kind: 'passkeyAccount', chainId: 31337, credentials: [first] };
  const withPasskeyAccount = () =>
    addToContents({ secrets: [], accounts: [] }, undefined, named({ address: TEST_ADDRESS_0, source }), ids());

  it('are added with no secret, named as passkey accounts, and survive a backup merged elsewhere', () => {
    const { contents, added } = withPasskeyAccount();
    expect(contents.secrets).toEqual([]);
    expect(added[0]).toMatchObject({ name: 'Passkey account 1', source });
    const merged = mergeContents({ secrets: [], accounts: [] }, contents, ids()).contents;
    expect(merged.accounts[0]?.source).toEqual(source);
  });

  it('list a second passkey, and refuse one listed already or another kind of account', () => {
    const { contents, added } = withPasskeyAccount();
    const id = added[0]?.id as string;
    const second = { ...first, id: 'BAUG', name: 'Security key' };
    const next = addAccountPasskey(contents, id, second);
    expect(next.accounts[0]?.source).toEqual({ ...source, credentials: [first, second] });
    expect(() => addAccountPasskey(next, id, second)).toThrow(
      expect.objectContaining({ code: 'VAULT_PASSKEY_EXISTS' }),
    );
    const watched = addToContents(
      { secrets: [], accounts: [] },
      undefined,
      named({ address: TEST_ADDRESS_0, source: { kind: 'watch' } }),
      ids(),
    );
    expect(() => addAccountPasskey(watched.contents, watched.added[0]?.id as string, second)).toThrow(
      expect.objectContaining({ code: 'VAULT_ACCOUNT_NOT_FOUND' }),
    );
  });

  it('note a registration waiting, list it once registered, or forget it', () => {
    const { contents, added } = withPasskeyAccount();
    const id = added[0]?.id as string;
    const second = { ...first, id: 'BAUG', name: 'Security key' };
    const third = { ...first, id: 'CQoL', name: 'Tablet' };
    let next = noteRegisteringPasskey(contents, id, { credential: second, recordId: 'tx-1' });
    next = noteRegisteringPasskey(next, id, { credential: third, recordId: 'tx-2' });
    // Noted again (sent again): one entry, the latest record.
    next = noteRegisteringPasskey(next, id, { credential: second, recordId: 'tx-3' });
    expect(next.accounts[0]?.source).toEqual({
      ...source,
      registering: [
        { credential: third, recordId: 'tx-2' },
        { credential: second, recordId: 'tx-3' },
      ],
    });
    next = addAccountPasskey(next, id, second);
    expect(next.accounts[0]?.source).toEqual({
      ...source,
      credentials: [first, second],
      registering: [{ credential: third, recordId: 'tx-2' }],
    });
    expect(() => noteRegisteringPasskey(next, id, { credential: second, recordId: 'tx-4' })).toThrow(
      expect.objectContaining({ code: 'VAULT_PASSKEY_EXISTS' }),
    );
    next = dropRegisteringPasskey(next, id, third.id);
    expect(next.accounts[0]?.source).toEqual({ ...source, credentials: [first, second] });
    expect(dropRegisteringPasskey(next, id, third.id)).toEqual(next);
  });
});
