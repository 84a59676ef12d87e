import { parseTransaction, recoverMessageAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { storageUnavailableSentence } from '@/core/errors/storageFailure';
import { memoryVaultRepository, unavailableVaultRepository } from '@/core/storage/vaultRepository';
import {
  createdTestSession,
  hdAccount,
  legacyVaultRecord,
  named,
  phraseSecret,
  TEST_ADDRESS_0,
  TEST_ADDRESS_1,
  TEST_PASSWORD,
  testSession,
} from '@/testing/vaultFixtures';
import { VaultError } from '../errors/vault';
import { renderMessage } from '../i18n/message';
import { parsePrivateKey } from '../keys/privateKey';
import { openWithPassword } from './keyWrapping';
import { decodeContents, encodeContents } from './vaultContents';
import { deriveVaultKey, newKdf } from './vaultCrypto';
import { parseVaultRecord, type VaultRecord } from './vaultRecord';

const NEW_PASSWORD = 'a different long passphrase';
// Hardhat's account #5.
const TEST_KEY_5 = '8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';
const TEST_ADDRESS_5 = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';

const quotaExceeded = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

describe('vault: change password', () => {
  it('re-encrypts under the new password: the old one is refused, the new one opens it', async () => {
    const { session, repository, settings } = await createdTestSession();
    const before = (await repository.load()) as VaultRecord;
    await session.changePassword(TEST_PASSWORD, NEW_PASSWORD);
    const after = (await repository.load()) as VaultRecord;
    expect(after.kdf.salt).not.toBe(before.kdf.salt);
    expect(after.revision).toBe(before.revision + 1);
    expect(session.store.getState().status).toBe('unlocked');
    const reloaded = testSession({ repository, settings }).session;
    await reloaded.init();
    await expect(reloaded.unlock(TEST_PASSWORD)).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
    await reloaded.unlock(NEW_PASSWORD);
    expect(reloaded.store.getState().accounts).toHaveLength(2);
    // Changes after it are written under the new key.
    await session.rename(session.store.getState().accounts[0]?.id ?? '', 'After');
    reloaded.lock();
    await reloaded.unlock(NEW_PASSWORD);
    expect(reloaded.store.getState().accounts[0]?.name).toBe('After');
  });

  it('refuses a wrong current password, a weak or unchanged new one, changing nothing', async () => {
    const { session, repository } = await createdTestSession();
    const before = await repository.load();
    await expect(session.changePassword('not the password', NEW_PASSWORD)).rejects.toMatchObject({
      code: 'VAULT_WRONG_PASSWORD',
    });
    await expect(session.changePassword(TEST_PASSWORD, 'short')).rejects.toMatchObject({ code: 'VAULT_WEAK_PASSWORD' });
    await expect(session.changePassword(TEST_PASSWORD, TEST_PASSWORD)).rejects.toMatchObject({
      code: 'VAULT_SAME_PASSWORD',
    });
    expect(await repository.load()).toEqual(before);
  });

  it('is one storage write of a complete record: the repository sees exactly one put, which opens with the new password alone', async () => {
    const { session, repository } = await createdTestSession();
    const puts: unknown[] = [];
    const saveIf = repository.saveIf;
    repository.saveIf = async (isExpected, record) => {
      puts.push(record);
      return saveIf(isExpected, record);
    };
    await session.changePassword(TEST_PASSWORD, NEW_PASSWORD);
    expect(puts).toHaveLength(1);
    const [put] = puts;
    expect(await repository.load()).toEqual(put);
    const record = await parseVaultRecord(put, { minimumIterations: 1_000 });
    await expect(openWithPassword(record, TEST_PASSWORD)).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
    const contents = decodeContents((await openWithPassword(record, NEW_PASSWORD)).plaintext);
    expect(contents.accounts.map((a) => a.address)).toEqual([TEST_ADDRESS_0, TEST_ADDRESS_1]);
    expect(contents.secrets).toHaveLength(1);
  });

  it('interrupted before its one write (storage fails), leaves the old vault openable with the old password', async () => {
    const { session, repository, settings } = await createdTestSession();
    const saveIf = repository.saveIf;
    repository.saveIf = async () => {
      throw quotaExceeded();
    };
    await expect(session.changePassword(TEST_PASSWORD, NEW_PASSWORD)).rejects.toMatchObject({
      code: 'VAULT_STORAGE_FAILED',
    });
    repository.saveIf = saveIf;
    const reloaded = testSession({ repository, settings }).session;
    await reloaded.init();
    await reloaded.unlock(TEST_PASSWORD);
    expect(reloaded.store.getState().accounts).toHaveLength(2);
    // This window keeps working with the old password too.
    await session.rename(session.store.getState().accounts[0]?.id ?? '', 'Still here');
  });
});

describe('vault: storage that fails', () => {
  it('a full disk leaves the stored vault and the session as they were, and says so', async () => {
    const { session, repository, settings } = await createdTestSession();
    const saveIf = repository.saveIf;
    repository.saveIf = async () => {
      throw quotaExceeded();
    };
    const accounts = session.store.getState().accounts;
    await expect(
      session.add(
        undefined,
        named({ address: '0x000000000000000000000000000000000000dEaD', source: { kind: 'watch' } }),
      ),
    ).rejects.toMatchObject({
      code: 'VAULT_STORAGE_FAILED',
      shortMessage: expect.stringMatching(/no storage space left for Cairn.*Nothing was changed/),
    });
    expect(session.store.getState().accounts).toEqual(accounts);
    repository.saveIf = saveIf;
    const reloaded = testSession({ repository, settings }).session;
    await reloaded.init();
    await reloaded.unlock(TEST_PASSWORD);
    expect(reloaded.store.getState().accounts.map((a) => a.address)).toEqual([TEST_ADDRESS_0, TEST_ADDRESS_1]);
  });

  it('names other refusals differently from a full disk', async () => {
    const { session, repository } = await createdTestSession();
    repository.saveIf = async () => {
      throw new DOMException('aborted', 'AbortError');
    };
    await expect(session.rename(session.store.getState().accounts[0]?.id ?? '', 'X')).rejects.toMatchObject({
      code: 'VAULT_STORAGE_FAILED',
      shortMessage: expect.stringContaining('The browser refused to save the vault'),
    });
  });
});

describe('vault: what stays safe when things go wrong', () => {
  it('keeps the stronger key when upgrading an old weak vault cannot be stored, so it never stores a weak current-format vault', async () => {
    const contents = encodeContents({ secrets: [], accounts: [] });
    const old = await legacyVaultRecord(contents, await deriveVaultKey(TEST_PASSWORD, newKdf(1_000)));
    const repository = memoryVaultRepository(old);
    const { session, settings } = testSession({ repository, iterations: 2_000, minimumIterations: 1_000 });
    await session.init();
    const saveIf = repository.saveIf;
    repository.saveIf = async () => {
      throw quotaExceeded();
    };
    await session.unlock(TEST_PASSWORD);
    expect(await repository.load()).toEqual(old);
    repository.saveIf = saveIf;
    await session.add(undefined, named({ address: TEST_ADDRESS_1, source: { kind: 'watch' } }));
    expect((await repository.load()) as VaultRecord).toMatchObject({ version: 2, kdf: { iterations: 2_000 } });
    const reopened = testSession({ repository, settings, iterations: 2_000, minimumIterations: 1_000 }).session;
    await reopened.init();
    await reopened.unlock(TEST_PASSWORD);
    expect(reopened.store.getState().accounts.map((a) => a.address)).toEqual([TEST_ADDRESS_1]);
  });

  it('a lock while a change is being stored keeps the stored change and leaves no secret behind', async () => {
    const { session, repository, settings } = await createdTestSession();
    const saveIf = repository.saveIf;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    repository.saveIf = async (isExpected, record) => {
      await gate;
      return saveIf(isExpected, record);
    };
    const secret = {
      kind: 'privateKey' as const,
      privateKey: parsePrivateKey(TEST_KEY_5),
      origin: 'imported-key' as const,
    };
    const adding = session.add(secret, named({ address: TEST_ADDRESS_5, source: { kind: 'key' } }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    session.lock();
    release();
    await adding;
    expect(secret.privateKey.every((b) => b === 0)).toBe(true);
    await expect(session.privateKeyFor(session.store.getState().accounts[0]?.id ?? '')).rejects.toMatchObject({
      code: 'VAULT_LOCKED',
    });
    const reopened = testSession({ repository, settings }).session;
    await reopened.init();
    await reopened.unlock(TEST_PASSWORD);
    expect(reopened.store.getState().accounts.map((a) => a.address)).toContain(TEST_ADDRESS_5);
  });

  it('wipes an incoming secret when creating the vault fails', async () => {
    const { session } = testSession();
    await session.init();
    const weak = phraseSecret();
    await expect(session.create('short', weak, [hdAccount(0, TEST_ADDRESS_0)])).rejects.toMatchObject({
      code: 'VAULT_WEAK_PASSWORD',
    });
    expect(weak.phrase.every((b) => b === 0)).toBe(true);
    const duplicate = phraseSecret();
    await session.create(TEST_PASSWORD, phraseSecret(), [hdAccount(0, TEST_ADDRESS_0)]);
    await expect(session.add(duplicate, [hdAccount(0, TEST_ADDRESS_0)])).rejects.toMatchObject({
      code: 'VAULT_DUPLICATE_ACCOUNT',
    });
    expect(duplicate.phrase.every((b) => b === 0)).toBe(true);
  });

  it('opens with the right password even when clearing the wrong-password count cannot be stored', async () => {
    const { session, settings } = await createdTestSession();
    session.lock();
    await expect(session.unlock('wrong password!')).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
    settings.set = async () => {
      throw quotaExceeded();
    };
    settings.update = async () => {
      throw quotaExceeded();
    };
    await session.unlock(TEST_PASSWORD);
    expect(session.store.getState().status).toBe('unlocked');
  });
});

describe('vault: backups', () => {
  it('records when each secret was last backed up, and how', async () => {
    let now = 1_000;
    const { session } = testSession({ now: () => now });
    await session.init();
    await session.create(TEST_PASSWORD, { ...phraseSecret(), origin: 'created', backedUp: false }, [
      hdAccount(0, TEST_ADDRESS_0),
    ]);
    expect(session.store.getState().secrets[0]).toMatchObject({ backedUp: false, lastBackup: undefined });
    now = 2_000;
    await session.reveal(session.store.getState().accounts[0]?.id ?? '', 'phrase', TEST_PASSWORD);
    expect(session.store.getState().secrets[0]).toMatchObject({
      backedUp: true,
      lastBackup: { at: 2_000, how: 'phrase-shown' },
    });
    now = 3_000;
    const backup = await session.exportBackup();
    expect(session.store.getState().secrets[0]?.lastBackup).toEqual({ at: 3_000, how: 'vault-file' });
    // The file carries the mark too, and opens with the password of its day.
    const restored = testSession().session;
    await restored.init();
    await restored.importBackup(backup, TEST_PASSWORD);
    expect(restored.store.getState().secrets[0]?.lastBackup).toEqual({ at: 3_000, how: 'vault-file' });
  });

  it('counts a shown or saved private key as a backup of that key only, never of the phrase an account is derived from', async () => {
    let now = 1_000;
    const { session } = testSession({ now: () => now });
    await session.init();
    await session.create(TEST_PASSWORD, { ...phraseSecret(), origin: 'created', backedUp: false }, [
      hdAccount(0, TEST_ADDRESS_0),
    ]);
    await session.add(
      { kind: 'privateKey', privateKey: parsePrivateKey(TEST_KEY_5), origin: 'imported-key' },
      named({ address: TEST_ADDRESS_5, source: { kind: 'key' } }),
    );
    const [derived, imported] = session.store.getState().accounts;
    const phraseState = () => session.store.getState().secrets.find((s) => s.kind === 'phrase');
    now = 2_000;
    await session.reveal(derived?.id ?? '', 'privateKey', TEST_PASSWORD);
    (await session.exportPrivateKey(derived?.id ?? '', TEST_PASSWORD)).fill(0);
    expect(phraseState()).toMatchObject({ backedUp: false, lastBackup: undefined });
    await session.reveal(imported?.id ?? '', 'privateKey', TEST_PASSWORD);
    expect(session.store.getState().secrets.find((s) => s.kind === 'privateKey')?.lastBackup).toEqual({
      at: 2_000,
      how: 'key-shown',
    });
    now = 3_000;
    (await session.exportPrivateKey(imported?.id ?? '', TEST_PASSWORD)).fill(0);
    expect(session.store.getState().secrets.find((s) => s.kind === 'privateKey')?.lastBackup).toEqual({
      at: 3_000,
      how: 'keystore-file',
    });
    expect(phraseState()).toMatchObject({ backedUp: false, lastBackup: undefined });
  });

  it('counts a phrase confirmed word by word at creation as its first backup', async () => {
    const { session } = testSession({ now: () => 42 });
    await session.init();
    await session.create(TEST_PASSWORD, { ...phraseSecret(), origin: 'created', backedUp: true }, [
      hdAccount(0, TEST_ADDRESS_0),
    ]);
    expect(session.store.getState().secrets[0]?.lastBackup).toEqual({ at: 42, how: 'phrase-confirmed' });
  });
});

describe('vault: signing in the session', () => {
  it('signs messages and transactions with the account key, and refuses a transaction without a chain id', async () => {
    const { session } = await createdTestSession();
    const account = session.store.getState().accounts[0];
    if (!account) throw new Error('no account');
    const signature = await session.sign(account.id, account.address, { kind: 'message', message: 'hello' });
    expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(TEST_ADDRESS_0);
    const raw = await session.sign(account.id, account.address, {
      kind: 'transaction',
      transaction: { chainId: 1, type: 'eip1559', nonce: 0, gas: 21_000n, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n },
    });
    expect(parseTransaction(raw)).toMatchObject({ chainId: 1, type: 'eip1559' });
    for (const chainId of [undefined, 0, -1, 1.5]) {
      await expect(
        session.sign(account.id, account.address, {
          kind: 'transaction',
          transaction: { chainId, type: 'legacy', nonce: 0, gas: 21_000n, gasPrice: 1n } as never,
        }),
      ).rejects.toMatchObject({ code: 'INPUT_UNSIGNED_TX' });
    }
    await expect(session.sign(account.id, TEST_ADDRESS_1, { kind: 'message', message: 'hello' })).rejects.toMatchObject(
      { code: 'VAULT_ACCOUNT_NOT_FOUND' },
    );
    session.lock();
    await expect(session.sign(account.id, account.address, { kind: 'message', message: 'x' })).rejects.toMatchObject({
      code: 'VAULT_LOCKED',
    });
  });
});

describe('storage that cannot be opened', () => {
  it('shows the vault as unreadable with the reason, and creates nothing (never a vault kept only in memory)', async () => {
    const reason = storageUnavailableSentence(new DOMException('IndexedDB is not available', 'UnknownError'));
    const repository = unavailableVaultRepository(new VaultError('VAULT_STORAGE_FAILED', reason));
    const { session } = testSession({ repository });
    await session.init();
    expect(session.store.getState()).toMatchObject({ status: 'damaged', damage: reason });
    await expect(session.create(TEST_PASSWORD, phraseSecret(), [hdAccount(0, TEST_ADDRESS_0)])).rejects.toThrow();
    expect(session.store.getState().status).not.toBe('unlocked');
  });

  it('says when the storage was written by a newer Cairn', () => {
    expect(
      renderMessage(storageUnavailableSentence(new DOMException('The requested version is less', 'VersionError'))),
    ).toMatch(/saved by a newer version of Cairn.*Nothing has been changed/);
    expect(renderMessage(storageUnavailableSentence(new Error('x')))).toMatch(
      /keys you create or import would be lost/,
    );
  });
});
