// Vault figures (Node, same V8 as Chromium): unlock at the real KDF parameters against the bare
// PBKDF2 alone, unlock with 1 and 50 HD accounts, and unlock with a passkey's PRF output (the
// person's touch excluded) against the password. Keystore figures are in keystore.ts.
import { fromBase64, toBase64Url } from '../src/core/bytes.ts';
import { deriveAddresses, nfkdBytes, seedFromPhrase } from '../src/core/keys/hd.ts';
import { generatePhrase } from '../src/core/keys/phrase.ts';
import type { SettingsSchema } from '../src/core/session/settingsSchema.ts';
import { memoryKeyValueStore } from '../src/core/storage/keyValueStore.ts';
import { memoryVaultRepository } from '../src/core/storage/vaultRepository.ts';
import { VAULT_KDF_ITERATIONS } from '../src/core/vault/vaultCrypto.ts';
import type { VaultRecord } from '../src/core/vault/vaultRecord.ts';
import { VaultSession } from '../src/core/vault/vaultSession.ts';
import { type BenchRun, sized } from './benchRun.ts';
import { median } from './stats.ts';

const PASSWORD = 'bench horse battery staple';
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function time(runs: number, task: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
  }
  return times;
}

async function vaultWith(accounts: number) {
  const repository = memoryVaultRepository();
  const settings = memoryKeyValueStore<SettingsSchema>();
  const options = {
    repository,
    settings,
    estimator: async () => () => ({ score: 4 as const, warning: null, suggestions: [] }),
  };
  const creator = new VaultSession(options);
  await creator.init();
  const phrase = generatePhrase(12);
  const seed = await seedFromPhrase(nfkdBytes(phrase));
  const template = "m/44'/60'/0'/0/{i}";
  const derived = deriveAddresses(seed, template, 0, accounts);
  await creator.create(
    PASSWORD,
    {
      kind: 'phrase',
      phrase: nfkdBytes(phrase),
      passphrase: new Uint8Array(),
      language: 'english',
      origin: 'created',
      backedUp: true,
    },
    derived.map((d) => ({
      address: d.address,
      source: { kind: 'hd' as const, template, index: d.index, path: d.path },
      // Named as an English window names them ("Account 1"…): the bench loads no catalogs.
      namePrefix: 'Account',
    })),
  );
  creator.lock();
  return { repository, settings, options };
}

/**
 * Median unlock times of one vault with the password and with a passkey's PRF output (HKDF, then
 * the data key unwrapped): what Cairn does after the authenticator answers.
 */
async function passkeyAgainstPassword(runs: number): Promise<{ passkey: number; password: number }> {
  const { options } = await vaultWith(1);
  const session = new VaultSession(options);
  await session.init();
  await session.unlock(PASSWORD);
  const prfOutput = crypto.getRandomValues(new Uint8Array(32));
  const credentialId = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  const salt = crypto.getRandomValues(new Uint8Array(32));
  await session.addPasskey(PASSWORD, { credentialId, name: 'Bench', salt, prfOutput: prfOutput.slice() });
  session.lock();
  const password = await time(runs, async () => {
    await session.unlock(PASSWORD);
    session.lock();
  });
  const passkey = await time(runs, async () => {
    await session.unlockWithPasskey(credentialId, prfOutput.slice());
    session.lock();
  });
  return { passkey: median(passkey), password: median(password) };
}

export async function benchVault(run: BenchRun): Promise<string> {
  const runs = sized(run, 5, 1);
  const lines: string[] = [];
  // Bare KDF: the same PBKDF2-SHA256 derivation alone, natively, at the vault's parameters.
  const record = (await (await vaultWith(1)).repository.load()) as VaultRecord;
  const salt = fromBase64(record.kdf.salt) ?? new Uint8Array();
  const bare = await time(runs, async () => {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(PASSWORD), 'PBKDF2', false, [
      'deriveBits',
    ]);
    await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations: record.kdf.iterations },
      key,
      256,
    );
  });

  const unlockTimes: Record<number, number> = {};
  let fullDerive50 = NaN;
  for (const count of [1, 50]) {
    const { options } = await vaultWith(count);
    const session = new VaultSession(options);
    await session.init();
    const times = await time(runs, async () => {
      await session.unlock(PASSWORD);
      session.lock();
    });
    unlockTimes[count] = median(times);
    if (count === 50) {
      fullDerive50 = median(
        await time(sized(run, 3, 1), async () => {
          await session.unlock(PASSWORD);
          for (const account of session.store.getState().accounts) (await session.privateKeyFor(account.id)).fill(0);
          session.lock();
        }),
      );
    }
  }
  const passkey = await passkeyAgainstPassword(runs);
  const bareMedian = median(bare);
  lines.push(
    `Vault unlock (PBKDF2-SHA256, ${VAULT_KDF_ITERATIONS.toLocaleString('en-US')} iterations; median of ${runs})`,
    `  bare PBKDF2 alone (native WebCrypto)   ${ms(bareMedian)}`,
    `  unlock, 1 HD account                   ${ms(unlockTimes[1] ?? NaN)}   ratio to bare KDF ${((unlockTimes[1] ?? NaN) / bareMedian).toFixed(2)}×`,
    `  unlock, 50 HD accounts                 ${ms(unlockTimes[50] ?? NaN)}   ratio to bare KDF ${((unlockTimes[50] ?? NaN) / bareMedian).toFixed(2)}×   budget 1000 ms: ${(unlockTimes[50] ?? Infinity) < 1000 ? 'within budget' : 'OVER BUDGET'}`,
    `  unlock + derive all 50 private keys    ${ms(fullDerive50)}`,
    `  unlock with a passkey, 1 HD account    ${passkey.passkey.toFixed(1)} ms   against the password ${ms(passkey.password)}: ${(passkey.passkey / passkey.password).toFixed(3)}×   budget 1.1×: ${passkey.passkey <= 1.1 * passkey.password ? 'within budget' : 'OVER BUDGET'} (the person's touch excluded)`,
  );

  return lines.join('\n');
}
