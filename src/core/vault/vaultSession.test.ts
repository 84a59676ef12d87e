import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '@/core/storage/keyValueStore';
import { memoryVaultRepository } from '@/core/storage/vaultRepository';
import type { VaultSettings } from '@/core/vault/vaultSettings';
import { vaultAccount } from '@/testing/vaultAccount';
import {
  createdTestSession,
  hdAccount,
  named,
  phraseSecret,
  TEST_ADDRESS_0,
  TEST_ADDRESS_1,
  TEST_KEY_0,
  TEST_PASSWORD,
  TEST_PHRASE,
  testSession,
} from '@/testing/vaultFixtures';
import { parsePrivateKey } from '../keys/privateKey';
import type { Keyring } from './keyring';
import type { VaultRecord } from './vaultRecord';

describe('vault session', () => {
  it('starts empty, creates an unlocked vault, and stores only ciphertext', async () => {
    const { session, repository } = await createdTestSession();
    const state = session.store.getState();
    expect(state.status).toBe('unlocked');
    expect(state.accounts.map((a) => [a.name, a.address])).toEqual([
      ['Account 1', TEST_ADDRESS_0],
      ['Account 2', TEST_ADDRESS_1],
    ]);
    const stored = JSON.stringify(await repository.load());
    expect(stored).not.toContain('test test');
    expect(stored).not.toContain(TEST_ADDRESS_0.slice(2).toLowerCase());
    expect(stored).not.toContain(TEST_PASSWORD);
  });

  it('refuses a weak password and stores nothing', async () => {
    const { session, repository } = testSession();
    await session.init();
    await expect(session.create('short', phraseSecret(), [hdAccount(0, TEST_ADDRESS_0)])).rejects.toMatchObject({
      code: 'VAULT_WEAK_PASSWORD',
    });
    expect(await repository.load()).toBeUndefined();
    expect(session.store.getState().status).toBe('empty');
  });

  it('locks (wiping keys, so signing fails with "locked") and unlocks with the password', async () => {
    const { session } = await createdTestSession();
    const accountId = session.store.getState().accounts[0]?.id ?? '';
    const account = vaultAccount(TEST_ADDRESS_0, () => session.privateKeyFor(accountId));
    const signature = await account.signMessage({ message: 'hello' });
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);

    session.lock();
    expect(session.store.getState()).toMatchObject({ status: 'locked', lockedBy: 'user', accounts: [] });
    await expect(account.signMessage({ message: 'hello' })).rejects.toMatchObject({ code: 'VAULT_LOCKED' });
    await expect(session.privateKeyFor(accountId)).rejects.toMatchObject({ code: 'VAULT_LOCKED' });

    await session.unlock(TEST_PASSWORD);
    expect(session.store.getState().status).toBe('unlocked');
    expect(await account.signMessage({ message: 'hello' })).toBe(signature);
  });

  it('zero-fills the key material it held when it locks', async () => {
    const { session } = await createdTestSession();
    const keyring = (session as unknown as { unlocked: { keyring: Keyring } }).unlocked.keyring;
    const secret = keyring.current().secrets[0];
    const seed = await keyring.seedOf(session.store.getState().secrets[0]?.id ?? '');
    session.lock();
    expect(secret?.kind === 'phrase' && secret.phrase.every((b) => b === 0)).toBe(true);
    expect(seed.every((b) => b === 0)).toBe(true);
    expect(keyring.isWiped).toBe(true);
    expect((session as unknown as { unlocked: unknown }).unlocked).toBeUndefined();
  });

  it('refuses a wrong password and makes the 6th wrong try wait, growing', async () => {
    let now = 1_000_000;
    const { session } = await createdTestSession({ now: () => now });
    session.lock();
    for (let i = 0; i < 5; i++)
      await expect(session.unlock('wrong password!')).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
    await expect(session.unlock(TEST_PASSWORD)).rejects.toMatchObject({
      code: 'VAULT_THROTTLED',
      shortMessage: 'Too many wrong passwords. Try again in 5 s.',
    });
    now += 5_000;
    await expect(session.unlock('wrong again')).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
    await expect(session.unlock(TEST_PASSWORD)).rejects.toMatchObject({
      shortMessage: 'Too many wrong passwords. Try again in 10 s.',
    });
    now += 10_000;
    await session.unlock(TEST_PASSWORD);
    expect(session.store.getState().status).toBe('unlocked');
    expect(await session.retryAt()).toBe(0);
  });

  it('keeps the throttle across a reload', async () => {
    const now = 5_000_000;
    const { repository, settings, session } = await createdTestSession({ now: () => now });
    session.lock();
    for (let i = 0; i < 5; i++) await expect(session.unlock('nope nope nope')).rejects.toBeDefined();
    const reloaded = testSession({ repository, settings, now: () => now }).session;
    await reloaded.init();
    await expect(reloaded.unlock(TEST_PASSWORD)).rejects.toMatchObject({ code: 'VAULT_THROTTLED' });
  });

  it('re-encrypts a vault made with weaker KDF parameters on the next unlock', async () => {
    const { repository, settings } = await createdTestSession({ iterations: 1_000 });
    const before = (await repository.load()) as VaultRecord;
    const stronger = testSession({ repository, settings, iterations: 2_000, minimumIterations: 1_000 }).session;
    await stronger.init();
    await stronger.unlock(TEST_PASSWORD);
    const after = (await repository.load()) as VaultRecord;
    expect(before.kdf.iterations).toBe(1_000);
    expect(after.kdf.iterations).toBe(2_000);
    expect(after.kdf.salt).not.toBe(before.kdf.salt);
    expect(stronger.store.getState().accounts).toHaveLength(2);
    stronger.lock();
    await stronger.unlock(TEST_PASSWORD);
  });

  it('renames, reorders, hides and removes accounts, saving each change', async () => {
    const { session, repository, settings } = await createdTestSession();
    const [a, b] = session.store.getState().accounts;
    if (!a || !b) throw new Error('accounts missing');
    await session.rename(a.id, '  Savings ');
    await expect(session.rename(a.id, '   ')).rejects.toMatchObject({ code: 'VAULT_ACCOUNT_NAME' });
    await session.move(b.id, -1);
    await session.setHidden(a.id, true);
    expect(session.store.getState().accounts.map((x) => [x.name, x.hidden])).toEqual([
      ['Account 2', false],
      ['Savings', true],
    ]);
    const reloaded = testSession({ repository, settings }).session;
    await reloaded.init();
    await reloaded.unlock(TEST_PASSWORD);
    expect(reloaded.store.getState().accounts.map((x) => x.name)).toEqual(['Account 2', 'Savings']);

    expect(await session.remove(a.id)).toEqual({ removedSecret: false });
    expect(await session.remove(b.id)).toEqual({ removedSecret: true });
    expect(session.store.getState().secrets).toEqual([]);
  });

  it('adds private keys and watch-only accounts beside the phrase, skipping duplicates', async () => {
    const { session } = await createdTestSession();
    const key = parsePrivateKey(TEST_KEY_0);
    await expect(
      session.add(
        { kind: 'privateKey', privateKey: key, origin: 'imported-key' },
        named({ address: TEST_ADDRESS_0, source: { kind: 'key' } }),
      ),
    ).rejects.toMatchObject({ code: 'VAULT_DUPLICATE_ACCOUNT' });
    const watched = await session.add(
      undefined,
      named({ address: '0x000000000000000000000000000000000000dEaD', source: { kind: 'watch' } }),
    );
    expect(watched.added[0]?.name).toBe('Watched 1');
    const watchId = watched.added[0]?.id ?? '';
    await expect(session.privateKeyFor(watchId)).rejects.toMatchObject({ code: 'VAULT_WATCH_ONLY' });
  });

  it('adds the next account of a phrase under the path its accounts use', async () => {
    const { session } = await createdTestSession();
    const secretId = session.store.getState().secrets[0]?.id ?? '';
    const next = await session.addNextAccount(secretId, 'Account');
    expect(next).toMatchObject({ name: 'Account 3', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' });
    expect(next.source).toMatchObject({ kind: 'hd', index: 2, path: "m/44'/60'/0'/0/2" });
  });

  it('reveals the phrase or a private key only with the right password', async () => {
    const { session } = await createdTestSession();
    const id = session.store.getState().accounts[0]?.id ?? '';
    await expect(session.reveal(id, 'phrase', 'not my password')).rejects.toMatchObject({
      code: 'VAULT_WRONG_PASSWORD',
    });
    expect(await session.reveal(id, 'phrase', TEST_PASSWORD)).toEqual({
      kind: 'phrase',
      phrase: TEST_PHRASE,
      passphrase: '',
    });
    expect(await session.reveal(id, 'privateKey', TEST_PASSWORD)).toEqual({
      kind: 'privateKey',
      privateKey: `0x${TEST_KEY_0}`,
    });
  });

  it('exports an encrypted backup that restores on another device and merges into a vault', async () => {
    const { session } = await createdTestSession();
    const backup = await session.exportBackup();
    expect(backup).not.toContain('test test');

    const fresh = testSession().session;
    await fresh.init();
    await expect(fresh.importBackup(backup, 'wrong password here')).rejects.toMatchObject({
      code: 'VAULT_WRONG_PASSWORD',
    });
    await fresh.importBackup(backup, TEST_PASSWORD);
    expect(fresh.store.getState().accounts.map((a) => a.address)).toEqual([TEST_ADDRESS_0, TEST_ADDRESS_1]);

    const other = testSession().session;
    await other.init();
    await other.create(
      'another long password',
      undefined,
      named({ address: '0x000000000000000000000000000000000000dEaD', source: { kind: 'watch' } }),
    );
    expect(await other.importBackup(backup, TEST_PASSWORD)).toEqual({ added: 2 });
    expect(other.store.getState().accounts).toHaveLength(3);
    expect(await other.importBackup(backup, TEST_PASSWORD)).toEqual({ added: 0 });
    await expect(other.importBackup('{"nope": 1}', TEST_PASSWORD)).rejects.toMatchObject({ code: 'VAULT_CORRUPTED' });
  });

  it('shows hidden and direction-changing characters of account names from a backup file as codes', async () => {
    const { session } = await createdTestSession();
    const [first] = session.store.getState().accounts;
    await session.rename(first?.id ?? '', 'Savings\u202Egnidart');
    const backup = await session.exportBackup();
    const fresh = testSession().session;
    await fresh.init();
    await fresh.importBackup(backup, TEST_PASSWORD);
    expect(fresh.store.getState().accounts[0]?.name).toBe('Savings\\u{202E}gnidart');
  });

  it('reports a damaged stored vault instead of failing, and can start over', async () => {
    const repository = memoryVaultRepository({ format: 'cairn-vault', version: 1, garbage: true });
    const settings = memoryKeyValueStore<VaultSettings>();
    const { session } = testSession({ repository, settings });
    await session.init();
    expect(session.store.getState().status).toBe('damaged');
    await session.reset((await session.storedVaultText()) ?? '');
    expect(session.store.getState().status).toBe('empty');
    expect(await repository.load()).toBeUndefined();
  });

  it('changes nothing when saving fails', async () => {
    const { session, repository } = await createdTestSession();
    const before = session.store.getState().accounts;
    repository.saveIf = async () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    await expect(session.rename(before[0]?.id ?? '', 'New name')).rejects.toMatchObject({
      code: 'VAULT_STORAGE_FAILED',
      shortMessage: expect.stringContaining('no storage space left'),
    });
    expect(session.store.getState().accounts).toEqual(before);
  });
});
