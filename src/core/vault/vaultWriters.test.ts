import fc from 'fast-check';
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { memoryKeyValueStore } from '@/core/storage/keyValueStore';
import { memoryVaultRepository, type VaultRepository } from '@/core/storage/vaultRepository';
import { memoryLocks } from '@/core/tx/locks';
import type { VaultSettings } from '@/core/vault/vaultSettings';
import { lengthEstimator, named, TEST_ADDRESS_1, TEST_KEY_0, TEST_PASSWORD } from '@/testing/vaultFixtures';
import { toBase64Url } from '../bytes';
import { parsePrivateKey } from '../keys/privateKey';
import { type VaultRecord, withChecksum } from './vaultRecord';
import { VaultSession } from './vaultSession';

const INITIAL_ACCOUNTS = 8;
const addressOf = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;

/** Several sessions on one storage, as several windows of an older build or a second host would be. */
async function writers(
  repository: VaultRepository,
  count: number,
  options: { sharedLock: boolean; password?: string },
) {
  const settings = memoryKeyValueStore<VaultSettings>();
  const shared = memoryLocks();
  const sessions: VaultSession[] = [];
  for (let i = 0; i < count; i++) {
    const session = new VaultSession({
      repository,
      settings,
      estimator: async () => lengthEstimator,
      kdfIterations: 1_000,
      minimumKdfIterations: 1_000,
      locks: options.sharedLock ? shared : memoryLocks(),
    });
    await session.init();
    if (i === 0 && session.store.getState().status === 'empty') {
      await session.create(
        TEST_PASSWORD,
        undefined,
        named(
          ...Array.from({ length: INITIAL_ACCOUNTS }, (_, k) => ({
            address: addressOf(k + 1),
            source: { kind: 'watch' as const },
          })),
        ),
      );
    } else await session.unlock(options.password ?? TEST_PASSWORD);
    sessions.push(session);
  }
  return sessions;
}

/** A repository whose reads and writes complete in an order fast-check picks. */
function scheduledRepository(inner: VaultRepository, scheduler: fc.Scheduler): VaultRepository & { on: boolean } {
  const wrapped = {
    on: false,
    load: () => (wrapped.on ? scheduler.schedule(inner.load(), 'load') : inner.load()),
    saveIf: (isExpected: (stored: unknown) => boolean, record: unknown) =>
      wrapped.on
        ? scheduler.schedule(Promise.resolve(), 'saveIf').then(() => inner.saveIf(isExpected, record))
        : inner.saveIf(isExpected, record),
    clearIf: (isExpected: (stored: unknown) => boolean) => inner.clearIf(isExpected),
  };
  return wrapped;
}

type Command = { kind: 'add' | 'rename' | 'hide' | 'remove'; who: number };

async function apply(session: VaultSession, command: Command, index: number): Promise<void> {
  if (command.kind === 'add') {
    await session.add(undefined, [
      { address: addressOf(1000 + index), source: { kind: 'watch' }, name: `Added ${index}` },
    ]);
    return;
  }
  // Each rename or hide targets its own account, so every change commutes with the others.
  const target = session.store.getState().accounts.find((a) => a.address === addressOf(index + 1));
  if (!target) throw new Error('target account missing');
  if (command.kind === 'rename') await session.rename(target.id, `Renamed ${index}`);
  else if (command.kind === 'hide') await session.setHidden(target.id, true);
  else await session.remove(target.id);
}

async function storedAccounts(repository: VaultRepository, password = TEST_PASSWORD) {
  const [reader] = await writers(repository, 1, { sharedLock: false, password });
  return reader?.store.getState().accounts ?? [];
}

describe('vault writers', () => {
  for (const sharedLock of [false, true]) {
    it(`never lose a change, whatever the interleaving (${sharedLock ? 'with' : 'without'} a shared write lock)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.scheduler(),
          fc.array(
            fc.record({
              kind: fc.constantFrom('add' as const, 'rename' as const, 'hide' as const, 'remove' as const),
              who: fc.nat(2),
            }),
            { minLength: 2, maxLength: INITIAL_ACCOUNTS },
          ),
          async (scheduler, commands) => {
            const base = memoryVaultRepository();
            const repository = scheduledRepository(base, scheduler);
            const sessions = await writers(repository, 3, { sharedLock });
            repository.on = true;
            const outcomes = Promise.allSettled(
              commands.map((command, index) => apply(sessions[command.who] as VaultSession, command, index)),
            );
            const settled = await scheduler.waitFor(outcomes);
            repository.on = false;
            const accounts = await storedAccounts(base);
            commands.forEach((command, index) => {
              const outcome = settled[index];
              // A change either landed, or was refused as busy (and then left no trace): never lost.
              if (outcome?.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'VAULT_BUSY' });
              // Under one shared lock writers take turns: none ever has to give up.
              if (sharedLock) expect(outcome?.status).toBe('fulfilled');
              const landed = outcome?.status === 'fulfilled';
              if (command.kind === 'add') {
                expect(accounts.some((a) => a.name === `Added ${index}`)).toBe(landed);
              } else {
                const target = accounts.find((a) => a.address === addressOf(index + 1));
                if (command.kind === 'rename') expect(target?.name === `Renamed ${index}`).toBe(landed);
                else if (command.kind === 'hide') expect(target?.hidden).toBe(landed);
                else expect(target === undefined).toBe(landed);
              }
            });
            // Every window ends up with what is stored once it writes again.
            const record = (await base.load()) as VaultRecord;
            expect(record.revision).toBe(1 + settled.filter((o) => o.status === 'fulfilled').length);
          },
        ),
        { numRuns: 25 },
      );
    });
  }

  it('keeps a key imported in one window and a rename made in another at the same time', async () => {
    const repository = memoryVaultRepository();
    const [a, b] = (await writers(repository, 2, { sharedLock: false })) as [VaultSession, VaultSession];
    const first = b.store.getState().accounts[0];
    if (!first) throw new Error('no account');
    await Promise.all([
      a.add(
        { kind: 'privateKey', privateKey: parsePrivateKey(TEST_KEY_0), origin: 'imported-key' },
        named({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', source: { kind: 'key' } }),
      ),
      b.rename(first.id, 'Renamed in B'),
    ]);
    const [reader] = await writers(repository, 1, { sharedLock: false });
    const state = reader?.store.getState();
    expect(state?.secrets.map((s) => s.kind)).toEqual(['privateKey']);
    expect(state?.accounts.map((a) => a.name)).toContain('Renamed in B');
    expect(state?.accounts.map((a) => a.address)).toContain('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    // Whichever window wrote second (the rename is usually quicker, not always) took in the other's
    // change when it wrote: it shows both, and can sign with the imported key.
    const second = [a, b].find((session) => {
      const { accounts } = session.store.getState();
      return accounts.length === INITIAL_ACCOUNTS + 1 && accounts.some((x) => x.name === 'Renamed in B');
    });
    if (!second) throw new Error('neither window shows both changes');
    const imported = second.store.getState().accounts.find((x) => x.source.kind === 'key');
    expect(await second.privateKeyFor(imported?.id ?? '')).toEqual(parsePrivateKey(TEST_KEY_0));
  });

  it('keeps a window working after a password change elsewhere, its writes keeping the new password', async () => {
    const repository = memoryVaultRepository();
    const [a, b] = (await writers(repository, 2, { sharedLock: false })) as [VaultSession, VaultSession];
    await a.changePassword(TEST_PASSWORD, 'a brand new passphrase');
    const first = b.store.getState().accounts[0];
    // The data key is the same: only its copy under the password changed.
    await b.rename(first?.id ?? '', 'Kept');
    expect((await storedAccounts(repository, 'a brand new passphrase')).map((x) => x.name)).toContain('Kept');
    b.lock();
    await expect(b.unlock(TEST_PASSWORD)).rejects.toMatchObject({ code: 'VAULT_WRONG_PASSWORD' });
  });

  it('keeps passkeys added in two windows at once, and each window locks and opens with either', async () => {
    const repository = memoryVaultRepository();
    const [a, b] = (await writers(repository, 2, { sharedLock: false })) as [VaultSession, VaultSession];
    const passkey = (name: string) => {
      const prf = crypto.getRandomValues(new Uint8Array(32));
      const credentialId = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
      const salt = crypto.getRandomValues(new Uint8Array(32));
      return { credentialId, material: () => ({ credentialId, name, salt, prfOutput: prf.slice() }), prf };
    };
    const [one, two] = [passkey('One'), passkey('Two')];
    await Promise.all([a.addPasskey(TEST_PASSWORD, one.material()), b.addPasskey(TEST_PASSWORD, two.material())]);
    const stored = (await repository.load()) as VaultRecord;
    expect(stored.keys?.passkeys.map((p) => p.name).sort()).toEqual(['One', 'Two']);
    // A removal in one window keeps the other's passkey and the password.
    await a.removePasskey(one.credentialId);
    for (const session of [a, b]) {
      session.lock();
      await session.init();
      await expect(session.unlockWithPasskey(one.credentialId, one.prf.slice())).rejects.toMatchObject({
        code: 'VAULT_PASSKEY_UNKNOWN',
      });
      await session.unlockWithPasskey(two.credentialId, two.prf.slice());
      expect(session.store.getState().status).toBe('unlocked');
    }
    b.lock();
    await b.unlock(TEST_PASSWORD);
  });

  it('locks a window whose vault was encrypted under another key elsewhere, saving nothing over it', async () => {
    const repository = memoryVaultRepository();
    const [, b] = (await writers(repository, 2, { sharedLock: false })) as [VaultSession, VaultSession];
    const elsewhere = memoryVaultRepository();
    await writers(elsewhere, 1, { sharedLock: false, password: 'a brand new passphrase' });
    const { checksum: _, ...other } = (await elsewhere.load()) as VaultRecord;
    const stored = (await repository.load()) as VaultRecord;
    await repository.saveIf(() => true, await withChecksum({ ...other, revision: stored.revision + 1 }));
    const before = await repository.load();
    const first = b.store.getState().accounts[0];
    await expect(b.rename(first?.id ?? '', 'Lost?')).rejects.toMatchObject({
      code: 'VAULT_CHANGED_ELSEWHERE',
      shortMessage: expect.stringContaining('password or encryption was changed in another Cairn window'),
    });
    expect(b.store.getState()).toMatchObject({ status: 'locked', lockedBy: 'changed', accounts: [] });
    expect(await repository.load()).toEqual(before);
  });

  it('refuses to create a second vault when another window created one first', async () => {
    const repository = memoryVaultRepository();
    const settings = memoryKeyValueStore<VaultSettings>();
    const make = () =>
      new VaultSession({
        repository,
        settings,
        estimator: async () => lengthEstimator,
        kdfIterations: 1_000,
        minimumKdfIterations: 1_000,
      });
    const [a, b] = [make(), make()];
    await Promise.all([a.init(), b.init()]);
    await a.create(TEST_PASSWORD, undefined, named({ address: TEST_ADDRESS_1, source: { kind: 'watch' } }));
    await expect(
      b.create('another long password', undefined, named({ address: addressOf(5), source: { kind: 'watch' } })),
    ).rejects.toMatchObject({ code: 'VAULT_ALREADY_EXISTS' });
    expect(b.store.getState().status).toBe('locked');
    await b.unlock(TEST_PASSWORD);
    expect(b.store.getState().accounts.map((x) => x.address)).toEqual([TEST_ADDRESS_1]);
  });
});
