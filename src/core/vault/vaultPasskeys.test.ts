// Unlocking with a passkey: its PRF output (through HKDF) wraps the vault's data key beside the
// password's copy. The ciphertext never changes for a passkey or a new password; a version-2 vault
// moves to a data key on its first unlock and keeps opening.
import { describe, expect, it } from 'vitest';
import { memoryVaultRepository } from '@/core/storage/vaultRepository';
import {
  createdTestSession,
  TEST_ADDRESS_0,
  TEST_ADDRESS_1,
  TEST_PASSWORD,
  testSession,
} from '@/testing/vaultFixtures';
import { toBase64, toBase64Url } from '../bytes';
import type { PasskeyMaterial } from './keyWrapping';
import { encodeContents } from './vaultContents';
import { deriveVaultKey, newKdf, sealVault } from './vaultCrypto';
import { parseVaultRecord, type VaultRecord, withChecksum } from './vaultRecord';

const NEW_PASSWORD = 'a different long passphrase';

/** A passkey as the browser would give it: an id, the salt Cairn chose, and the PRF output for that salt. */
function fakePasskey(name = 'Phone') {
  const credentialId = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  const salt = crypto.getRandomValues(new Uint8Array(32));
  const prf = crypto.getRandomValues(new Uint8Array(32));
  return {
    credentialId,
    /** The material to register (a copy of the output: the session zero-fills what it gets). */
    material: (): PasskeyMaterial => ({ credentialId, name, salt: salt.slice(), prfOutput: prf.slice() }),
    /** The output the authenticator gives again at unlock. */
    output: () => prf.slice(),
  };
}

async function stored(repository: ReturnType<typeof memoryVaultRepository>): Promise<VaultRecord> {
  return (await repository.load()) as VaultRecord;
}

async function withPasskey() {
  const made = await createdTestSession();
  const passkey = fakePasskey();
  await made.session.addPasskey(TEST_PASSWORD, passkey.material());
  return { ...made, passkey };
}

describe('vault: unlocking with a passkey', () => {
  it('adds only a wrapped key: the ciphertext stays, the slot names the credential, salt and date', async () => {
    const { session, repository } = await createdTestSession({ now: () => 1_700_000_000_000 });
    const before = await stored(repository);
    expect(before).toMatchObject({ version: 3, keys: { passkeys: [] } });
    const passkey = fakePasskey('Laptop');
    const material = passkey.material();
    await session.addPasskey(TEST_PASSWORD, material);
    const after = await stored(repository);
    expect(after.ciphertext).toBe(before.ciphertext);
    expect(after.cipher).toEqual(before.cipher);
    expect(after.keys?.password).toEqual(before.keys?.password);
    expect(after.keys?.passkeys).toEqual([
      expect.objectContaining({ credentialId: passkey.credentialId, name: 'Laptop', createdAt: 1_700_000_000_000 }),
    ]);
    expect(after.revision).toBe(before.revision + 1);
    // The PRF output was zero-filled, and is nowhere in what is stored.
    expect(material.prfOutput.every((b) => b === 0)).toBe(true);
    expect(JSON.stringify(after)).not.toContain(toBase64(passkey.output()));
    expect(session.store.getState().passkeys.map((p) => p.name)).toEqual(['Laptop']);
  });

  it('unlocks with the passkey, and the password still unlocks', async () => {
    const { session, passkey } = await withPasskey();
    session.lock();
    expect(session.store.getState().passkeys).toHaveLength(1);
    const output = passkey.output();
    await session.unlockWithPasskey(passkey.credentialId, output);
    expect(output.every((b) => b === 0)).toBe(true);
    expect(session.store.getState()).toMatchObject({ status: 'unlocked' });
    expect(session.store.getState().accounts.map((a) => a.address)).toEqual([TEST_ADDRESS_0, TEST_ADDRESS_1]);
    session.lock();
    await session.unlock(TEST_PASSWORD);
    expect(session.store.getState().status).toBe('unlocked');
  });

  it('refuses a wrong PRF output, and a passkey not among the registered ones, changing nothing', async () => {
    const { session, repository, passkey } = await withPasskey();
    session.lock();
    const before = await repository.load();
    const wrong = crypto.getRandomValues(new Uint8Array(32));
    await expect(session.unlockWithPasskey(passkey.credentialId, wrong)).rejects.toMatchObject({
      code: 'VAULT_PASSKEY_REFUSED',
      shortMessage: expect.stringContaining('does not open this vault'),
    });
    const stranger = fakePasskey();
    await expect(session.unlockWithPasskey(stranger.credentialId, stranger.output())).rejects.toMatchObject({
      code: 'VAULT_PASSKEY_UNKNOWN',
      shortMessage: expect.stringContaining('not one that unlocks this vault'),
    });
    expect(session.store.getState().status).toBe('locked');
    expect(await repository.load()).toEqual(before);
  });

  it('checks the password before adding a passkey; a wrong one stores nothing', async () => {
    const { session, repository } = await createdTestSession();
    const before = await repository.load();
    const material = fakePasskey().material();
    await expect(session.addPasskey('not the password', material)).rejects.toMatchObject({
      code: 'VAULT_WRONG_PASSWORD',
    });
    expect(material.prfOutput.every((b) => b === 0)).toBe(true);
    await expect(session.addPasskey(TEST_PASSWORD, { ...fakePasskey().material(), name: '  ' })).rejects.toMatchObject({
      code: 'VAULT_PASSKEY_NAME',
    });
    expect(await repository.load()).toEqual(before);
  });

  it('refuses the same passkey twice', async () => {
    const { session, passkey } = await withPasskey();
    await expect(session.addPasskey(TEST_PASSWORD, passkey.material())).rejects.toMatchObject({
      code: 'VAULT_PASSKEY_EXISTS',
    });
  });

  it('keeps every passkey working after a password change, the ciphertext unchanged', async () => {
    const { session, repository, passkey } = await withPasskey();
    const second = fakePasskey('Security key');
    await session.addPasskey(TEST_PASSWORD, second.material());
    const before = await stored(repository);
    await session.changePassword(TEST_PASSWORD, NEW_PASSWORD);
    const after = await stored(repository);
    expect(after.ciphertext).toBe(before.ciphertext);
    expect(after.keys?.passkeys).toEqual(before.keys?.passkeys);
    expect(after.kdf.salt).not.toBe(before.kdf.salt);
    for (const key of [passkey, second]) {
      session.lock();
      await session.unlockWithPasskey(key.credentialId, key.output());
      expect(session.store.getState().status).toBe('unlocked');
    }
    session.lock();
    await expect(session.unlock(TEST_PASSWORD)).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
    await session.unlock(NEW_PASSWORD);
  });

  it('removes one passkey and renames another; the rest and the password keep working', async () => {
    const { session, repository, passkey } = await withPasskey();
    const second = fakePasskey('Security key');
    await session.addPasskey(TEST_PASSWORD, second.material());
    const ciphertext = (await stored(repository)).ciphertext;
    await session.removePasskey(passkey.credentialId);
    await session.renamePasskey(second.credentialId, 'YubiKey');
    expect(session.store.getState().passkeys.map((p) => p.name)).toEqual(['YubiKey']);
    expect((await stored(repository)).ciphertext).toBe(ciphertext);
    await expect(session.removePasskey(passkey.credentialId)).rejects.toMatchObject({ code: 'VAULT_PASSKEY_GONE' });
    session.lock();
    await expect(session.unlockWithPasskey(passkey.credentialId, passkey.output())).rejects.toMatchObject({
      code: 'VAULT_PASSKEY_UNKNOWN',
    });
    await session.unlockWithPasskey(second.credentialId, second.output());
    session.lock();
    await session.unlock(TEST_PASSWORD);
    expect(session.store.getState().status).toBe('unlocked');
  });

  it('a backup carries no passkey copy of the key, and restored as a new vault opens with its password', async () => {
    const { session, repository } = await withPasskey();
    const backup = await session.exportBackup();
    const file = JSON.parse(backup) as VaultRecord;
    const kept = await stored(repository);
    expect(file.keys).toEqual({ password: kept.keys?.password, passkeys: [] });
    expect(file.ciphertext).toBe(kept.ciphertext);
    expect(kept.keys?.passkeys).toHaveLength(1);
    const restored = testSession();
    await restored.session.init();
    await restored.session.importBackup(backup, TEST_PASSWORD);
    expect(restored.session.store.getState()).toMatchObject({ status: 'unlocked', passkeys: [] });
  });
});

describe('vault: moving a version-2 vault to a data key', () => {
  async function version2Vault() {
    const passwordKey = await deriveVaultKey(TEST_PASSWORD, newKdf(1_000));
    const accounts = [
      {
        id: 'a1',
        name: 'Old',
        address: TEST_ADDRESS_1,
        source: { kind: 'watch' },
        hidden: false,
        demo: false,
        createdAt: 1,
      },
    ] as const;
    const record = await sealVault(encodeContents({ secrets: [], accounts: [...accounts] }), passwordKey, 4);
    expect(record).toMatchObject({ version: 2 });
    return testSession({ repository: memoryVaultRepository(record) });
  }

  it('opens with the password and is stored as version 3, which opens again and takes a passkey', async () => {
    const { session, repository } = await version2Vault();
    await session.init();
    await expect(session.unlockWithPasskey(fakePasskey().credentialId, new Uint8Array(32))).rejects.toMatchObject({
      code: 'VAULT_PASSKEY_UNKNOWN',
    });
    await session.unlock(TEST_PASSWORD);
    const upgraded = await stored(repository);
    expect(upgraded).toMatchObject({ version: 3, revision: 5, keys: { passkeys: [] } });
    const passkey = fakePasskey();
    await session.addPasskey(TEST_PASSWORD, passkey.material());
    session.lock();
    await session.unlockWithPasskey(passkey.credentialId, passkey.output());
    expect(session.store.getState().accounts.map((a) => a.name)).toEqual(['Old']);
    session.lock();
    await session.unlock(TEST_PASSWORD);
  });

  it('when the upgrade could not be stored at unlock, adding a passkey moves it first', async () => {
    const { session, repository } = await version2Vault();
    await session.init();
    const saveIf = repository.saveIf;
    repository.saveIf = async () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    await session.unlock(TEST_PASSWORD);
    repository.saveIf = saveIf;
    expect(await stored(repository)).toMatchObject({ version: 2 });
    const passkey = fakePasskey();
    await session.addPasskey(TEST_PASSWORD, passkey.material());
    expect(await stored(repository)).toMatchObject({ version: 3, keys: { passkeys: [{ name: 'Phone' }] } });
    session.lock();
    await session.unlockWithPasskey(passkey.credentialId, passkey.output());
    expect(session.store.getState().accounts.map((a) => a.name)).toEqual(['Old']);
  });
});

describe('vault: the stored wrapped keys', () => {
  it('a version-3 record without its wrapped keys, or with a damaged one, is damaged', async () => {
    const { repository } = await withPasskey();
    const record = await stored(repository);
    const low = { minimumIterations: 1_000 };
    const { keys: _, ...withoutKeys } = record;
    await expect(parseVaultRecord(withoutKeys, low)).rejects.toMatchObject({
      code: 'VAULT_CORRUPTED',
      details: 'keys',
    });
    const damaged = structuredClone(record);
    if (damaged.keys?.passkeys[0]) damaged.keys.passkeys[0].salt = 'AAAA';
    await expect(parseVaultRecord(damaged, low)).rejects.toMatchObject({ code: 'VAULT_CORRUPTED', details: 'keys' });
  });

  it('the checksum covers the slots: a name changed by hand is damage', async () => {
    const { repository } = await withPasskey();
    const renamed = structuredClone(await stored(repository));
    if (renamed.keys?.passkeys[0]) renamed.keys.passkeys[0].name = 'Renamed by hand';
    await expect(parseVaultRecord(renamed, { minimumIterations: 1_000 })).rejects.toMatchObject({
      code: 'VAULT_CORRUPTED',
      details: 'checksum mismatch',
    });
  });

  it('binds each copy to its credential: a slot given another id does not open, checksum made again', async () => {
    const { session, repository, passkey } = await withPasskey();
    session.lock();
    const record = structuredClone(await stored(repository));
    const slot = record.keys?.passkeys[0];
    if (slot) slot.credentialId = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
    const { checksum: _, ...rest } = record;
    const moved = await withChecksum(rest);
    await repository.saveIf(() => true, moved);
    await session.init();
    await expect(session.unlockWithPasskey(slot?.credentialId ?? '', passkey.output())).rejects.toMatchObject({
      code: 'VAULT_PASSKEY_REFUSED',
    });
    expect(await repository.load()).toEqual(moved);
  });

  it('contents changed under a genuine data key are damage, not a wrong password or passkey; nothing counted', async () => {
    const { session, repository, settings, passkey } = await withPasskey();
    session.lock();
    const record = await stored(repository);
    const ciphertext = Uint8Array.from(atob(record.ciphertext), (c) => c.charCodeAt(0));
    ciphertext[0] = (ciphertext[0] ?? 0) ^ 1;
    const { checksum: _, ...rest } = record;
    const changed = await withChecksum({ ...rest, ciphertext: toBase64(ciphertext) });
    await repository.saveIf(() => true, changed);
    await session.init();
    await expect(session.unlockWithPasskey(passkey.credentialId, passkey.output())).rejects.toMatchObject({
      code: 'VAULT_CORRUPTED',
    });
    await expect(session.unlock(TEST_PASSWORD)).rejects.toMatchObject({ code: 'VAULT_CORRUPTED' });
    expect((await settings.get('unlockThrottle'))?.failures ?? 0).toBe(0);
    expect(await repository.load()).toEqual(changed);
  });
});

describe('vault: passkey unlock and the password throttle', () => {
  it('zero-fills a refused output and one given while already unlocked; refusals count no wrong password', async () => {
    const { session, settings, passkey } = await withPasskey();
    const early = passkey.output();
    await session.unlockWithPasskey(passkey.credentialId, early);
    expect(early.every((b) => b === 0)).toBe(true);
    session.lock();
    for (let i = 0; i < 6; i++) {
      const wrong = crypto.getRandomValues(new Uint8Array(32));
      await expect(session.unlockWithPasskey(passkey.credentialId, wrong)).rejects.toMatchObject({
        code: 'VAULT_PASSKEY_REFUSED',
      });
      expect(wrong.every((b) => b === 0)).toBe(true);
    }
    expect((await settings.get('unlockThrottle'))?.failures ?? 0).toBe(0);
    await session.unlock(TEST_PASSWORD);
    expect(session.store.getState().status).toBe('unlocked');
  });

  it('unlocks with the passkey while wrong passwords make the password wait, and leaves their count', async () => {
    let now = 1_700_000_000_000;
    const { session, settings, passkey } = await withPasskeyAt(() => now);
    session.lock();
    for (let i = 0; i < 5; i++) {
      await expect(session.unlock('not the password')).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
      now += 1;
    }
    await expect(session.unlock(TEST_PASSWORD)).rejects.toMatchObject({ code: 'VAULT_THROTTLED' });
    // The output is 32 random bytes, not a guess worth slowing; the authenticator limits its own
    // PIN or biometric tries. The count stays: a passkey does not buy a guesser new free tries.
    await session.unlockWithPasskey(passkey.credentialId, passkey.output());
    expect(session.store.getState().status).toBe('unlocked');
    expect((await settings.get('unlockThrottle'))?.failures).toBe(5);
  });
});

async function withPasskeyAt(now: () => number) {
  const made = await createdTestSession({ now });
  const passkey = fakePasskey();
  await made.session.addPasskey(TEST_PASSWORD, passkey.material());
  return { ...made, passkey };
}
