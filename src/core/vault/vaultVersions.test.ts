import { describe, expect, it } from 'vitest';
import { memoryVaultRepository } from '@/core/storage/vaultRepository';
import { inWords } from '@/testing/inWords';
import {
  createdTestSession,
  hdAccount,
  legacyVaultRecord,
  phraseSecret,
  TEST_ADDRESS_0,
  TEST_ADDRESS_1,
  TEST_PASSWORD,
  testSession,
} from '@/testing/vaultFixtures';
import { encodeContents } from './vaultContents';
import { deriveVaultKey, newKdf } from './vaultCrypto';
import type { VaultRecord } from './vaultRecord';
import type { VaultState } from './vaultState';

/** Why the stored vault cannot be opened, in words (English in tests). */
const damageOf = (state: VaultState) => inWords(state.damage);

describe('vault: versions and key-derivation strength', () => {
  it('never overwrites a vault made by a newer Cairn: offers it as it is, replaces it only when told', async () => {
    const newer = { format: 'cairn-vault', version: 9, anything: ['kept', 'as', 'is'] };
    const { session, repository } = testSession({ repository: memoryVaultRepository(newer) });
    await session.init();
    expect(session.store.getState().status).toBe('newer');
    expect(damageOf(session.store.getState())).toContain('made by a newer version of Cairn');
    const downloaded = (await session.storedVaultText()) ?? '';
    expect(JSON.parse(downloaded)).toEqual(newer);
    await expect(session.unlock(TEST_PASSWORD)).rejects.toMatchObject({ code: 'VAULT_UNSUPPORTED_VERSION' });
    await expect(session.create(TEST_PASSWORD, phraseSecret(), [hdAccount(0, TEST_ADDRESS_0)])).rejects.toMatchObject({
      code: 'VAULT_ALREADY_EXISTS',
    });
    const { session: other } = await createdTestSession();
    const backup = await other.exportBackup();
    await expect(session.importBackup(backup, TEST_PASSWORD)).rejects.toMatchObject({ code: 'VAULT_ALREADY_EXISTS' });
    expect(await repository.load()).toEqual(newer);

    await session.create(TEST_PASSWORD, phraseSecret(), [hdAccount(0, TEST_ADDRESS_0)], {
      replaceExisting: downloaded,
    });
    expect(session.store.getState().status).toBe('unlocked');
    expect((await repository.load()) as VaultRecord).toMatchObject({ version: 3, revision: 1 });
  });

  it('a refused removal (the saved vault is not the downloaded copy) locks no window and changes nothing', async () => {
    const { session, repository } = await createdTestSession();
    const before = await repository.load();
    await expect(session.reset('{"not": "the saved vault"}\n')).rejects.toMatchObject({
      code: 'VAULT_CHANGED_ELSEWHERE',
    });
    expect(session.store.getState()).toMatchObject({ status: 'unlocked', lockedBy: undefined });
    expect(session.store.getState().accounts).toHaveLength(2);
    expect(await repository.load()).toEqual(before);
    await session.reset((await session.storedVaultText()) ?? '');
    expect(session.store.getState().status).toBe('empty');
  });

  it('replaces or removes a saved vault only while it is still exactly the copy the person downloaded', async () => {
    const { session, repository } = testSession({ repository: memoryVaultRepository({ format: 'cairn-vault' }) });
    await session.init();
    expect(session.store.getState().status).toBe('damaged');
    const downloaded = (await session.storedVaultText()) ?? '';
    // Another window (or version) stores something else meanwhile; a new window's hello re-reads it.
    await repository.saveIf(() => true, { format: 'cairn-vault', version: 7 });
    await session.refresh();
    const secret = phraseSecret();
    await expect(
      session.create(TEST_PASSWORD, secret, [hdAccount(0, TEST_ADDRESS_0)], { replaceExisting: downloaded }),
    ).rejects.toMatchObject({
      code: 'VAULT_CHANGED_ELSEWHERE',
      shortMessage: expect.stringContaining('Download it again'),
    });
    expect(await repository.load()).toEqual({ format: 'cairn-vault', version: 7 });
    expect(session.store.getState().status).toBe('newer');
    expect(secret.phrase.every((b) => b === 0)).toBe(true);
    await expect(session.reset(downloaded)).rejects.toMatchObject({ code: 'VAULT_CHANGED_ELSEWHERE' });
    expect(await repository.load()).toEqual({ format: 'cairn-vault', version: 7 });
    await session.reset((await session.storedVaultText()) ?? '');
    expect(await repository.load()).toBeUndefined();
    expect(session.store.getState().status).toBe('empty');
  });

  it('refuses a vault of either format below 600,000 PBKDF2 iterations, saying why in words, never opening it', async () => {
    const weakWords = expect.stringContaining('weaker than Cairn accepts: it may have been tampered with');
    const current = (await createdTestSession({ iterations: 1_000 })).repository;
    const legacy = memoryVaultRepository(
      await legacyVaultRecord(
        encodeContents({ secrets: [], accounts: [] }),
        await deriveVaultKey(TEST_PASSWORD, newKdf(1_000)),
      ),
    );
    for (const repository of [current, legacy]) {
      const strict = testSession({ repository, iterations: 1_000, minimumIterations: 600_000 }).session;
      await strict.init();
      expect(strict.store.getState().status).toBe('damaged');
      expect(damageOf(strict.store.getState())).toEqual(weakWords);
      await expect(strict.unlock(TEST_PASSWORD)).rejects.toMatchObject({
        code: 'VAULT_WEAK_KDF',
        shortMessage: weakWords,
      });
    }
  });

  it('refuses to restore or merge a backup below 600,000 PBKDF2 iterations, of either format', async () => {
    const { session: made } = await createdTestSession({ iterations: 1_000 });
    const legacy = await legacyVaultRecord(
      encodeContents({ secrets: [], accounts: [] }),
      await deriveVaultKey(TEST_PASSWORD, newKdf(1_000)),
    );
    const strict = testSession({ iterations: 1_000, minimumIterations: 600_000 }).session;
    await strict.init();
    for (const backup of [await made.exportBackup(), JSON.stringify(legacy)]) {
      await expect(strict.importBackup(backup, TEST_PASSWORD)).rejects.toMatchObject({ code: 'VAULT_WEAK_KDF' });
    }
    expect(strict.store.getState().status).toBe('empty');
  });

  it('opens an older-format vault with a KDF weaker than today (above the floor) and re-encrypts it in the current format and strength', async () => {
    const contents = encodeContents({
      secrets: [],
      accounts: [
        {
          id: 'a1',
          name: 'Old account',
          address: TEST_ADDRESS_1,
          source: { kind: 'watch' },
          hidden: false,
          demo: false,
          createdAt: 1,
        },
      ],
    });
    const old = await legacyVaultRecord(contents, await deriveVaultKey(TEST_PASSWORD, newKdf(1_000)));
    const { session, repository } = testSession({
      repository: memoryVaultRepository(old),
      iterations: 2_000,
      minimumIterations: 1_000,
    });
    await session.init();
    await session.unlock(TEST_PASSWORD);
    expect(session.store.getState().accounts.map((a) => a.name)).toEqual(['Old account']);
    expect((await repository.load()) as VaultRecord).toMatchObject({
      version: 3,
      revision: 1,
      kdf: { iterations: 2_000 },
    });
  });
});
