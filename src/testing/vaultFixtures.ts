// Builders for vault tests: fast KDF settings, a fake password estimator, known keys.

import { toBase64 } from '@/core/bytes';
import { msg } from '@/core/i18n/message';
import { nfkdBytes } from '@/core/keys/hd';
import { memoryKeyValueStore } from '@/core/storage/keyValueStore';
import { memoryVaultRepository } from '@/core/storage/vaultRepository';
import type { Timers } from '@/core/vault/autoLock';
import type { AccountSpec, NewAccount, NewSecret } from '@/core/vault/contentsOps';
import type { PasswordEstimator } from '@/core/vault/passwordPolicy';
import { VaultHost } from '@/core/vault/shared/vaultHost';
import type { VaultKey } from '@/core/vault/vaultCrypto';
import { associatedData, VAULT_FORMAT, withChecksum } from '@/core/vault/vaultRecord';
import { VaultSession } from '@/core/vault/vaultSession';
import type { VaultSettings } from '@/core/vault/vaultSettings';
import { withNamePrefixes } from '@/lib/names/accountNames';

export const TEST_PHRASE = 'test test test test test test test test test test test junk';
export const TEST_PASSWORD = 'correct horse battery staple';
/** Hardhat account #0 of TEST_PHRASE. */
export const TEST_ADDRESS_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const TEST_KEY_0 = 'ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const TEST_ADDRESS_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** Strong enough for lengthEstimator from this many characters. */
const STRONG_LENGTH = 10;

/**
 * Scores by length only: fast and predictable (the real zxcvbn is tested on its own). A shorter
 * password is weak for being short, and says so.
 */
export const lengthEstimator: PasswordEstimator = (password) => ({
  score: password.length >= 12 ? 4 : password.length >= STRONG_LENGTH ? 3 : 1,
  warning: password.length >= STRONG_LENGTH ? null : msg('core.keys:password.tooShort', { min: STRONG_LENGTH }),
  suggestions: [],
});

export function phraseSecret(phrase = TEST_PHRASE, passphrase = ''): Extract<NewSecret, { kind: 'phrase' }> {
  return {
    kind: 'phrase',
    phrase: nfkdBytes(phrase),
    passphrase: nfkdBytes(passphrase),
    language: 'english',
    origin: 'imported-phrase',
    backedUp: true,
  };
}

/** Accounts to add, named by default as the window shown in the language shown would name them (English in tests). */
export function named(...accounts: AccountSpec[]): NewAccount[] {
  return withNamePrefixes(accounts);
}

export function hdAccount(index: number, address: string): NewAccount {
  const [account] = named({
    address: address as `0x${string}`,
    source: { kind: 'hd', template: "m/44'/60'/0'/0/{i}", index, path: `m/44'/60'/0'/0/${index}` },
  });
  return account as NewAccount;
}

export function testSession(
  options: {
    iterations?: number;
    minimumIterations?: number;
    now?: () => number;
    repository?: ReturnType<typeof memoryVaultRepository>;
    settings?: ReturnType<typeof memoryKeyValueStore<VaultSettings>>;
  } = {},
) {
  const repository = options.repository ?? memoryVaultRepository();
  const settings = options.settings ?? memoryKeyValueStore<VaultSettings>();
  const session = new VaultSession({
    repository,
    settings,
    estimator: async () => lengthEstimator,
    kdfIterations: options.iterations ?? 1_000,
    // Test vaults use a fast KDF: the floor is lowered with it, explicitly.
    minimumKdfIterations: options.minimumIterations ?? options.iterations ?? 1_000,
    ...(options.now ? { now: options.now } : {}),
  });
  return { session, repository, settings };
}

/**
 * A vault record in the first format (version 1: no revision counter, checksum without it), as
 * an older Cairn wrote it, encrypting `plaintext` under `vaultKey`.
 */
export async function legacyVaultRecord(plaintext: Uint8Array, vaultKey: VaultKey): Promise<Record<string, unknown>> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const header = {
    format: VAULT_FORMAT as typeof VAULT_FORMAT,
    version: 1 as const,
    kdf: vaultKey.kdf,
    cipher: { name: 'AES-GCM' as const, iv: toBase64(iv) },
  };
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: associatedData(header) as BufferSource, tagLength: 128 },
    vaultKey.key,
    plaintext as BufferSource,
  );
  const { revision: _, ...record } = await withChecksum({
    ...header,
    revision: 0,
    ciphertext: toBase64(new Uint8Array(ciphertext)),
  });
  return record;
}

/**
 * Timers that move only when told: `advance` runs what falls due, in order, including timers set
 * meanwhile; `jump` moves the clock at once and runs each timer already due once, late (as after a
 * computer wakes from sleep).
 */
export function fakeTimers(start = 0): Timers & { advance(ms: number): void; jump(ms: number): void } {
  let now = start;
  let timers: { at: number; callback: () => void; handle: number }[] = [];
  let next = 1;
  return {
    now: () => now,
    setTimeout(callback, ms) {
      const handle = next++;
      timers.push({ at: now + ms, callback, handle });
      return handle;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.handle !== handle);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = Math.max(now, due.at);
        due.callback();
      }
      now = until;
    },
    jump(ms) {
      now += ms;
      const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at);
      timers = timers.filter((t) => !due.includes(t));
      for (const timer of due) timer.callback();
    },
  };
}

/** A test session with a new, unlocked vault holding two accounts of TEST_PHRASE. */
export async function createdTestSession(options: Parameters<typeof testSession>[0] = {}) {
  const t = testSession(options);
  await t.session.init();
  await t.session.create(TEST_PASSWORD, phraseSecret(), [hdAccount(0, TEST_ADDRESS_0), hdAccount(1, TEST_ADDRESS_1)]);
  return t;
}

/** A vault host over a new test vault with two accounts of TEST_PHRASE (locked unless asked). */
export async function hostWithVault(options: { timers?: Timers; unlocked?: boolean } = {}) {
  const { session, settings, repository } = await createdTestSession();
  if (!options.unlocked) session.lock();
  const host = new VaultHost(session, options.timers ? { timers: options.timers } : {});
  return { host, session, settings, repository };
}
