import type { Address } from 'viem';
import {
  type Account,
  type AccountSource,
  type DeviceSource,
  isDeviceSource,
  type PasskeyAccountSource,
  type SafeSource,
  secretIdOf,
} from '../accounts/account';
import { equalBytes } from '../bytes';
import { VaultError } from '../errors/vault';
import { type Message, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import type { PhraseLanguage } from '../keys/wordlists';
import { requireAccount } from './accountEdits';
import { currentSplit, restorableFromHandedOut, type ShareSplit } from './shareSplits';
import type { BackupMethod, SecretOrigin, StoredSecret, VaultContents } from './vaultContents';

/**
 * A secret about to enter the vault (bytes the vault takes ownership of), with the guardians it
 * was split among, if any: a wallet made as shares, or a secret of a restored backup.
 */
export type NewSecret =
  | {
      kind: 'phrase';
      phrase: Uint8Array;
      passphrase: Uint8Array;
      language: PhraseLanguage;
      origin: SecretOrigin;
      backedUp: boolean;
      shareSplits?: ShareSplit[];
    }
  | {
      kind: 'masterSecret';
      masterSecret: Uint8Array;
      passphrase: Uint8Array;
      origin: SecretOrigin;
      backedUp: boolean;
      shareSplits?: ShareSplit[];
    }
  | { kind: 'privateKey'; privateKey: Uint8Array; origin: SecretOrigin; shareSplits?: ShareSplit[] };

/** An account about to be added, with its address already derived and checked, as a flow knows it. */
export type AccountSpec = {
  address: Address;
  source:
    | { kind: 'hd'; template: string; index: number; path: string }
    | { kind: 'key' }
    | { kind: 'watch' }
    | SafeSource
    | PasskeyAccountSource
    | DeviceSource;
  /** The name the person gave it, if any. */
  name?: string;
  demo?: boolean;
};

/**
 * An account about to be added and how it is named: the name given, or else the first word of
 * its default name, numbered ("Account 3"). The prefix is `defaultNamePrefix(spec)` in words, in
 * the language shown when the account is added, put in words by the window that adds it (the
 * vault's own worker shows no language). Once stored, the name is the person's like any other and
 * is not translated later. A stored account brought in again (a restored backup) keeps its name.
 */
export type NewAccount = AccountSpec & ({ namePrefix: string } | { name: string });

/** A source with no key in the vault: watched, a device's, a Safe, a passkey account. */
function isKeyless<S extends { kind: string }>(
  source: S,
): source is Extract<S, { kind: 'watch' | 'safe' | 'passkeyAccount' | DeviceSource['kind'] }> {
  return (
    source.kind === 'watch' || source.kind === 'safe' || source.kind === 'passkeyAccount' || isDeviceSource(source)
  );
}

function sameSecret(a: StoredSecret, b: NewSecret): boolean {
  if (a.kind === 'phrase' && b.kind === 'phrase') {
    return equalBytes(a.phrase, b.phrase) && equalBytes(a.passphrase, b.passphrase);
  }
  // The same wallet whatever its shares' passphrase: the master secret alone is the seed.
  if (a.kind === 'masterSecret' && b.kind === 'masterSecret') return equalBytes(a.masterSecret, b.masterSecret);
  if (a.kind === 'privateKey' && b.kind === 'privateKey') return equalBytes(a.privateKey, b.privateKey);
  return false;
}

function nextName(accounts: readonly Account[], prefix: string): string {
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (\\d+)$`);
  const used = accounts.map((a) => Number(pattern.exec(a.name)?.[1] ?? 0));
  return `${prefix} ${Math.max(0, ...used) + 1}`;
}

/**
 * The name given, or the prefix numbered after the accounts already named with it: "Konto 3"
 * follows "Konto 2", whatever number the "Account" names have reached.
 */
function nameOf(spec: NewAccount, accounts: readonly Account[]): string {
  const given = spec.name?.trim();
  if (given) return given;
  return 'namePrefix' in spec ? nextName(accounts, spec.namePrefix.trim()) : spec.name;
}

const PREFIXES: Record<AccountSpec['source']['kind'], Message> = {
  hd: msg('core.keys:account.namePrefix.account'),
  key: msg('core.keys:account.namePrefix.account'),
  watch: msg('core.keys:account.namePrefix.watched'),
  qrDevice: msg('core.keys:account.namePrefix.qrDevice'),
  ledger: msg('core.keys:account.namePrefix.ledger'),
  external: msg('core.keys:account.namePrefix.wallet'),
  safe: msg('core.keys:account.namePrefix.safe'),
  passkeyAccount: msg('core.keys:account.namePrefix.passkeyAccount'),
};

/**
 * The first word of a new account's default name ("Account", "Watched", "Ledger"…), to be put
 * into words where a language is shown (the window that adds the account) and passed as
 * `namePrefix`.
 */
export function defaultNamePrefix(spec: Pick<AccountSpec, 'source' | 'demo'>): Message {
  return spec.demo ? msg('core.keys:account.namePrefix.demo') : PREFIXES[spec.source.kind];
}

export type AddResult = { contents: VaultContents; added: Account[]; skipped: number; reusedSecret: boolean };
type Ids = { newId: () => string; now: number };

/** The splits of `incoming` not already among `known` (the same split, by id, is kept once). */
function newSplits(known: readonly ShareSplit[] | undefined, incoming: readonly ShareSplit[] | undefined) {
  const ids = new Set((known ?? []).map((s) => s.id));
  return (incoming ?? []).filter((s) => !ids.has(s.id));
}

/**
 * Adds a secret, or finds the identical one already there (then the new bytes are wiped, and the
 * guardian lists it brings are added to those already kept).
 */
export function addSecret(
  contents: VaultContents,
  secret: NewSecret,
  ids: Ids,
): { contents: VaultContents; secretId: string; reused: boolean } {
  const existing = contents.secrets.find((s) => sameSecret(s, secret));
  if (existing) {
    wipeNewSecret(secret);
    const brought = newSplits(existing.shareSplits, secret.shareSplits);
    if (brought.length === 0) return { contents, secretId: existing.id, reused: true };
    const shareSplits = [...(existing.shareSplits ?? []), ...brought];
    const secrets = contents.secrets.map((s) => (s.id === existing.id ? { ...s, shareSplits } : s));
    return { contents: { ...contents, secrets }, secretId: existing.id, reused: true };
  }
  const secretId = ids.newId();
  // A phrase made here and confirmed word by word has its first backup now; a wallet made as
  // shares, once enough of them were confirmed and handed out.
  const confirmed = secret.kind === 'phrase' && secret.origin === 'created' && secret.backedUp;
  const split = secret.origin === 'created' ? currentSplit(secret.shareSplits) : undefined;
  const handedOut = split !== undefined && restorableFromHandedOut(split);
  const stored: StoredSecret =
    secret.kind === 'privateKey'
      ? { id: secretId, createdAt: ids.now, backedUp: true, ...secret }
      : { id: secretId, createdAt: ids.now, ...secret };
  if (!secret.shareSplits) delete stored.shareSplits;
  if (handedOut) stored.lastBackup = { at: ids.now, how: 'shares-handed-out' };
  else if (confirmed) stored.lastBackup = { at: ids.now, how: 'phrase-confirmed' };
  return { contents: { ...contents, secrets: [...contents.secrets, stored] }, secretId, reused: false };
}

/**
 * Adds accounts (of `secretId`, or watch-only, or on a device), skipping addresses already
 * present. A watched address whose key now arrives (in the vault or on a device) is the same
 * account, now able to sign: it keeps its id, name, place and history and takes the key's source
 * (it counts as added). Throws
 * VAULT_DUPLICATE_ACCOUNT when nothing new remains.
 */
export function addAccounts(
  contents: VaultContents,
  secretId: string | undefined,
  accounts: readonly NewAccount[],
  ids: Ids,
  options: { allowNone?: boolean } = {},
): { contents: VaultContents; added: Account[]; skipped: number } {
  const known = new Set(contents.accounts.map((a) => a.address.toLowerCase()));
  const added: Account[] = [];
  let all = contents.accounts;
  for (const spec of accounts) {
    const given = spec.source;
    const keyless = isKeyless(given);
    if (!keyless && !secretId) throw new Error('an account with a key needs its secret');
    const source: AccountSource = keyless
      ? { ...given }
      : given.kind === 'key'
        ? { kind: 'key', secretId: secretId as string }
        : { ...given, secretId: secretId as string };
    const watched = all.find((a) => sameAddress(a.address, spec.address) && a.source.kind === 'watch');
    if (watched && source.kind !== 'watch') {
      const upgraded: Account = { ...watched, source, demo: spec.demo === true };
      all = all.map((a) => (a.id === watched.id ? upgraded : a));
      added.push(upgraded);
      continue;
    }
    if (known.has(spec.address.toLowerCase())) continue;
    const account: Account = {
      id: ids.newId(),
      name: nameOf(spec, all),
      address: spec.address,
      source,
      hidden: false,
      demo: spec.demo === true,
      createdAt: ids.now,
    };
    all = [...all, account];
    added.push(account);
    known.add(spec.address.toLowerCase());
  }
  if (added.length === 0 && !options.allowNone) {
    throw new VaultError('VAULT_DUPLICATE_ACCOUNT', msg('core.keys:vault.duplicate'));
  }
  return { contents: { ...contents, accounts: all }, added, skipped: accounts.length - added.length };
}

/**
 * Adds a secret (reusing an identical one) and its accounts. The secret's bytes belong to the
 * result from here on: when nothing can be added (VAULT_DUPLICATE_ACCOUNT), they are zero-filled.
 */
export function addToContents(
  contents: VaultContents,
  secret: NewSecret | undefined,
  accounts: readonly NewAccount[],
  ids: Ids,
): AddResult {
  const withSecret = secret ? addSecret(contents, secret, ids) : { contents, secretId: undefined, reused: false };
  try {
    const result = addAccounts(withSecret.contents, withSecret.secretId, accounts, ids);
    return { ...result, reusedSecret: withSecret.reused };
  } catch (error) {
    if (secret) wipeNewSecret(secret);
    throw error;
  }
}

/** The next unused account index of an HD secret under the template its accounts use. */
export function nextHdIndex(
  contents: VaultContents,
  secretId: string,
): { template: string; index: number } | undefined {
  const hd = contents.accounts.flatMap((a) =>
    a.source.kind === 'hd' && a.source.secretId === secretId ? [a.source] : [],
  );
  const last = hd.at(-1);
  if (!last) return undefined;
  const used = hd.filter((s) => s.template === last.template).map((s) => s.index);
  return { template: last.template, index: Math.max(...used) + 1 };
}

/** A stored secret as one to add elsewhere (sharing its bytes: copy them with copyNewSecret). */
function asNewSecret(secret: StoredSecret): NewSecret {
  const { origin, backedUp } = secret;
  // The guardian lists come along: they are the only record of who holds which share.
  const splits = secret.shareSplits ? { shareSplits: secret.shareSplits } : {};
  if (secret.kind === 'phrase') {
    const { phrase, passphrase, language } = secret;
    return { kind: 'phrase', origin, phrase, passphrase, language, backedUp, ...splits };
  }
  if (secret.kind === 'masterSecret') {
    const { masterSecret, passphrase } = secret;
    return { kind: 'masterSecret', origin, masterSecret, passphrase, backedUp, ...splits };
  }
  return { kind: 'privateKey', origin, privateKey: secret.privateKey, ...splits };
}

/** A copy of a secret about to enter the vault, so a change can be applied again without the original. */
export function copyNewSecret(secret: NewSecret): NewSecret {
  if (secret.kind === 'phrase')
    return { ...secret, phrase: secret.phrase.slice(), passphrase: secret.passphrase.slice() };
  if (secret.kind === 'masterSecret')
    return { ...secret, masterSecret: secret.masterSecret.slice(), passphrase: secret.passphrase.slice() };
  return { ...secret, privateKey: secret.privateKey.slice() };
}

export function wipeNewSecret(secret: NewSecret): void {
  if (secret.kind === 'phrase') {
    secret.phrase.fill(0);
    secret.passphrase.fill(0);
  } else if (secret.kind === 'masterSecret') {
    secret.masterSecret.fill(0);
    secret.passphrase.fill(0);
  } else {
    secret.privateKey.fill(0);
  }
}

/** The secret an account uses, when removing the account would also remove that secret. */
export function secretOrphanedByRemoval(contents: VaultContents, id: string): StoredSecret | undefined {
  const secretId = secretIdOf(requireAccount(contents, id));
  if (secretId === undefined) return undefined;
  const others = contents.accounts.some((a) => a.id !== id && secretIdOf(a) === secretId);
  return others ? undefined : contents.secrets.find((s) => s.id === secretId);
}

/** Removes an account, and its secret when no other account uses it (the secret is wiped). */
export function removeAccount(
  contents: VaultContents,
  id: string,
): { contents: VaultContents; removedSecret: boolean } {
  const orphan = secretOrphanedByRemoval(contents, id);
  const accounts = contents.accounts.filter((a) => a.id !== id);
  const secrets = orphan ? contents.secrets.filter((s) => s.id !== orphan.id) : contents.secrets;
  return { contents: { ...contents, secrets, accounts }, removedSecret: orphan !== undefined };
}

/** Records that a copy of these secrets left the browser now (see BackupMethod). */
export function markBackedUp(
  contents: VaultContents,
  secretIds: readonly string[],
  how: BackupMethod,
  at: number,
): VaultContents {
  return {
    ...contents,
    secrets: contents.secrets.map((s) =>
      secretIds.includes(s.id) ? { ...s, backedUp: true, lastBackup: { at, how } } : s,
    ),
  };
}

function toNewAccount(account: Account): NewAccount {
  const source = account.source;
  return {
    address: account.address,
    name: account.name,
    demo: account.demo,
    source:
      source.kind === 'hd'
        ? { kind: 'hd', template: source.template, index: source.index, path: source.path }
        : isKeyless(source)
          ? { ...source }
          : { kind: source.kind },
  };
}

/**
 * Adds everything of another vault's contents (a restored backup) that is not here yet:
 * identical secrets are reused, accounts already present are skipped. Secret bytes are copied,
 * so the caller still owns (and wipes) `incoming`.
 */
export function mergeContents(
  contents: VaultContents,
  incoming: VaultContents,
  ids: Ids,
): { contents: VaultContents; added: number } {
  let merged = contents;
  let added = 0;
  for (const secret of incoming.secrets) {
    const copy = copyNewSecret(asNewSecret(secret));
    const withSecret = addSecret(merged, copy, ids);
    const accounts = incoming.accounts.filter((a) => secretIdOf(a) === secret.id);
    const result = addAccounts(withSecret.contents, withSecret.secretId, accounts.map(toNewAccount), ids, {
      allowNone: true,
    });
    // A secret brought in only for accounts that were all present already is not kept (nor its copy).
    const kept = result.added.length > 0 || withSecret.reused;
    if (!kept) wipeNewSecret(copy);
    merged = kept ? result.contents : merged;
    added += result.added.length;
  }
  const keyless = incoming.accounts.filter((a) => secretIdOf(a) === undefined).map(toNewAccount);
  const result = addAccounts(merged, undefined, keyless, ids, { allowNone: true });
  return { contents: result.contents, added: added + result.added.length };
}
