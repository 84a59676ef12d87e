import type { Account } from '../accounts/account';
import { VaultError } from '../errors/vault';
import { msg } from '../i18n/message';
import type { PhraseLanguage } from '../keys/wordlists';
import { joinFrames, splitFrames } from './frames';
import { type DrillRecord, readDrillRecords } from './recoveryDrills';
import { readShareSplits, type ShareSplit } from './shareSplits';

/** How a secret entered the vault. */
export type SecretOrigin =
  | 'created'
  | 'imported-phrase'
  | 'imported-shares'
  | 'imported-key'
  | 'imported-keystore'
  | 'demo';

/**
 * The last time a copy of a secret left this browser, and how: the phrase confirmed word by word
 * when it was made, the phrase or key shown after the password, a keystore file or an encrypted
 * vault backup saved. A secret that was imported was copied from somewhere: that is its backup.
 */
export type BackupMethod =
  | 'phrase-confirmed'
  | 'phrase-shown'
  | 'key-shown'
  | 'keystore-file'
  | 'vault-file'
  /** Enough shares of a split confirmed and handed out to guardians to restore the phrase. */
  | 'shares-handed-out';
export type LastBackup = { at: number; how: BackupMethod };

/**
 * Key material in the vault. Secrets are held as bytes, never as JavaScript strings, so they
 * can be zero-filled when Cairn locks: a phrase as its NFKD UTF-8 bytes (with its BIP39
 * passphrase, possibly empty), a SLIP-0039 master secret (the wallet's BIP-32 seed, as on a
 * Trezor) with the passphrase its shares were or will be made with (kept as a phrase's is, so
 * new shares of it restore the same accounts), a private key as its 32 bytes.
 */
export type StoredSecret =
  | {
      id: string;
      kind: 'phrase';
      origin: SecretOrigin;
      backedUp: boolean;
      lastBackup?: LastBackup;
      createdAt: number;
      /** The guardians it was split among, newest split last (see shareSplits.ts). */
      shareSplits?: ShareSplit[];
      /** Recovery drills that ended, newest last (see recoveryDrills.ts). */
      drills?: DrillRecord[];
      language: PhraseLanguage;
      phrase: Uint8Array;
      passphrase: Uint8Array;
    }
  | {
      id: string;
      kind: 'masterSecret';
      origin: SecretOrigin;
      backedUp: boolean;
      lastBackup?: LastBackup;
      createdAt: number;
      /** The guardians it was split among, newest split last (see shareSplits.ts). */
      shareSplits?: ShareSplit[];
      /** Recovery drills that ended, newest last (see recoveryDrills.ts). */
      drills?: DrillRecord[];
      masterSecret: Uint8Array;
      /** The SLIP-0039 passphrase's UTF-8 bytes (printable ASCII), possibly empty. */
      passphrase: Uint8Array;
    }
  | {
      id: string;
      kind: 'privateKey';
      origin: SecretOrigin;
      backedUp: boolean;
      lastBackup?: LastBackup;
      createdAt: number;
      /** The guardians it was split among, newest split last (see shareSplits.ts). */
      shareSplits?: ShareSplit[];
      /** Recovery drills that ended, newest last (see recoveryDrills.ts). */
      drills?: DrillRecord[];
      privateKey: Uint8Array;
    };

export type VaultContents = { secrets: StoredSecret[]; accounts: Account[] };

type CommonMeta = {
  id: string;
  origin: SecretOrigin;
  backedUp: boolean;
  lastBackup?: LastBackup;
  createdAt: number;
  shareSplits?: ShareSplit[];
  drills?: DrillRecord[];
};
type SecretMeta =
  | (CommonMeta & { kind: 'phrase'; language: PhraseLanguage })
  | (CommonMeta & { kind: 'masterSecret' })
  | (CommonMeta & { kind: 'privateKey' });

/** A secret's byte arrays in stored order: phrase then passphrase, master secret then passphrase, or the key. */
export function bytesOfSecret(secret: StoredSecret): Uint8Array[] {
  if (secret.kind === 'phrase') return [secret.phrase, secret.passphrase];
  if (secret.kind === 'masterSecret') return [secret.masterSecret, secret.passphrase];
  return [secret.privateKey];
}

/** Every secret byte array of the contents, in stored order. */
function secretBytes(contents: VaultContents): Uint8Array[] {
  return contents.secrets.flatMap(bytesOfSecret);
}

/**
 * Plaintext layout (joinFrames): the JSON of everything non-secret, then one frame per secret
 * byte array in the order of `secrets` (see bytesOfSecret). The secret bytes
 * never become part of a string.
 */
export function encodeContents(contents: VaultContents): Uint8Array {
  const metas: SecretMeta[] = contents.secrets.map((s) => {
    const common: CommonMeta = { id: s.id, origin: s.origin, backedUp: s.backedUp, createdAt: s.createdAt };
    if (s.lastBackup) common.lastBackup = s.lastBackup;
    if (s.shareSplits) common.shareSplits = s.shareSplits;
    if (s.drills) common.drills = s.drills;
    return s.kind === 'phrase' ? { ...common, kind: s.kind, language: s.language } : { ...common, kind: s.kind };
  });
  const json = new TextEncoder().encode(JSON.stringify({ secrets: metas, accounts: contents.accounts }));
  return joinFrames([json, ...secretBytes(contents)]);
}

function damaged(detail: string): never {
  throw new VaultError('VAULT_CORRUPTED', msg('core.keys:vault.damaged'), { details: detail });
}

/** Reads plaintext written by encodeContents; secret bytes are copied out of `bytes`. */
export function decodeContents(bytes: Uint8Array): VaultContents {
  const [json, ...blobs] = splitFrames(bytes) ?? damaged('plaintext framing');
  // Secret bytes copied out of a plaintext that turns out unusable are not left behind.
  const fail = (detail: string): never => {
    for (const blob of blobs) blob.fill(0);
    return damaged(detail);
  };
  if (!json) return fail('plaintext too short');
  let meta: { secrets: SecretMeta[]; accounts: Account[] };
  try {
    meta = JSON.parse(new TextDecoder().decode(json));
  } catch {
    return fail('plaintext JSON');
  }
  if (!Array.isArray(meta.secrets) || !Array.isArray(meta.accounts)) fail('plaintext shape');
  const wanted = meta.secrets.reduce((sum, m) => sum + (m?.kind === 'privateKey' ? 1 : 2), 0);
  if (blobs.length !== wanted) fail('secret blobs');
  let next = 0;
  const nextBlob = () => blobs[next++] as Uint8Array;
  const secrets: StoredSecret[] = meta.secrets.map((stored) => {
    const { shareSplits, drills, ...m } = stored;
    const splits = readShareSplits(shareSplits);
    const records = readDrillRecords(drills);
    const kept = { ...m, ...(splits ? { shareSplits: splits } : {}), ...(records ? { drills: records } : {}) };
    if (kept.kind === 'phrase') return { ...kept, phrase: nextBlob(), passphrase: nextBlob() };
    if (kept.kind === 'masterSecret') return { ...kept, masterSecret: nextBlob(), passphrase: nextBlob() };
    return { ...kept, privateKey: nextBlob() };
  });
  return { secrets, accounts: meta.accounts };
}

/** Overwrites every secret byte of the contents with zeros. */
export function wipeContents(contents: VaultContents): void {
  for (const bytes of secretBytes(contents)) bytes.fill(0);
}

/**
 * Zero-fills the secret bytes of `previous` that `next` no longer holds (by identity: changes
 * share the bytes of the secrets they keep), e.g. a removed secret, or every secret of contents
 * replaced by a fresh decryption.
 */
export function wipeUnreferenced(previous: VaultContents, next: VaultContents): void {
  const kept = new Set(secretBytes(next));
  for (const bytes of secretBytes(previous)) if (!kept.has(bytes)) bytes.fill(0);
}

/** A copy whose secret bytes are new arrays, so the original can be wiped on its own. */
export function copyContents(contents: VaultContents): VaultContents {
  return {
    accounts: contents.accounts,
    secrets: contents.secrets.map((s) => {
      if (s.kind === 'phrase') return { ...s, phrase: s.phrase.slice(), passphrase: s.passphrase.slice() };
      if (s.kind === 'masterSecret')
        return { ...s, masterSecret: s.masterSecret.slice(), passphrase: s.passphrase.slice() };
      return { ...s, privateKey: s.privateKey.slice() };
    }),
  };
}
