import type { Account } from '../accounts/account';
import { VaultError } from '../errors/vault';
import type { PhraseLanguage } from '../keys/wordlists';

/** How a secret entered the vault. */
export type SecretOrigin = 'created' | 'imported-phrase' | 'imported-key' | 'imported-keystore' | 'demo';

/**
 * The last time a copy of a secret left this browser, and how: the phrase confirmed word by word
 * when it was made, the phrase or key shown after the password, a keystore file or an encrypted
 * vault backup saved. A secret that was imported was copied from somewhere: that is its backup.
 */
export type BackupMethod = 'phrase-confirmed' | 'phrase-shown' | 'key-shown' | 'keystore-file' | 'vault-file';
export type LastBackup = { at: number; how: BackupMethod };

/**
 * Key material in the vault. Secrets are held as bytes, never as JavaScript strings, so they
 * can be zero-filled when Cairn locks: a phrase as its NFKD UTF-8 bytes (with its BIP39
 * passphrase, possibly empty), a private key as its 32 bytes.
 */
export type StoredSecret =
  | {
      id: string;
      kind: 'phrase';
      origin: SecretOrigin;
      backedUp: boolean;
      lastBackup?: LastBackup;
      createdAt: number;
      language: PhraseLanguage;
      phrase: Uint8Array;
      passphrase: Uint8Array;
    }
  | {
      id: string;
      kind: 'privateKey';
      origin: SecretOrigin;
      backedUp: boolean;
      lastBackup?: LastBackup;
      createdAt: number;
      privateKey: Uint8Array;
    };

export type VaultContents = { secrets: StoredSecret[]; accounts: Account[] };

type CommonMeta = { id: string; origin: SecretOrigin; backedUp: boolean; lastBackup?: LastBackup; createdAt: number };
type SecretMeta = (CommonMeta & { kind: 'phrase'; language: PhraseLanguage }) | (CommonMeta & { kind: 'privateKey' });

/**
 * Plaintext layout: [u32 length of JSON][JSON of everything non-secret][per secret blob: u32
 * length, bytes], blobs in the order of `secrets` (phrase then passphrase, or the key). The
 * secret bytes never become part of a string.
 */
export function encodeContents(contents: VaultContents): Uint8Array {
  const metas: SecretMeta[] = contents.secrets.map((s) => {
    const common: CommonMeta = { id: s.id, origin: s.origin, backedUp: s.backedUp, createdAt: s.createdAt };
    if (s.lastBackup) common.lastBackup = s.lastBackup;
    return s.kind === 'phrase' ? { ...common, kind: s.kind, language: s.language } : { ...common, kind: s.kind };
  });
  const json = new TextEncoder().encode(JSON.stringify({ secrets: metas, accounts: contents.accounts }));
  const blobs = contents.secrets.flatMap((s) => (s.kind === 'phrase' ? [s.phrase, s.passphrase] : [s.privateKey]));
  const size = 4 + json.length + blobs.reduce((sum, b) => sum + 4 + b.length, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, json.length);
  out.set(json, 4);
  let offset = 4 + json.length;
  for (const blob of blobs) {
    view.setUint32(offset, blob.length);
    out.set(blob, offset + 4);
    offset += 4 + blob.length;
  }
  return out;
}

function damaged(detail: string): never {
  throw new VaultError('VAULT_CORRUPTED', 'The saved vault is damaged and cannot be opened.', { details: detail });
}

/** Reads plaintext written by encodeContents; secret bytes are copied out of `bytes`. */
export function decodeContents(bytes: Uint8Array): VaultContents {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 4) damaged('plaintext too short');
  const jsonLength = view.getUint32(0);
  if (4 + jsonLength > bytes.length) damaged('plaintext header');
  let meta: { secrets: SecretMeta[]; accounts: Account[] };
  try {
    meta = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + jsonLength)));
  } catch {
    damaged('plaintext JSON');
  }
  if (!Array.isArray(meta.secrets) || !Array.isArray(meta.accounts)) damaged('plaintext shape');
  let offset = 4 + jsonLength;
  const nextBlob = (): Uint8Array => {
    if (offset + 4 > bytes.length) damaged('secret blob header');
    const length = view.getUint32(offset);
    if (offset + 4 + length > bytes.length) damaged('secret blob');
    const blob = bytes.slice(offset + 4, offset + 4 + length);
    offset += 4 + length;
    return blob;
  };
  const secrets: StoredSecret[] = meta.secrets.map((m) =>
    m.kind === 'phrase' ? { ...m, phrase: nextBlob(), passphrase: nextBlob() } : { ...m, privateKey: nextBlob() },
  );
  if (offset !== bytes.length) damaged('trailing bytes');
  return { secrets, accounts: meta.accounts };
}

/** Overwrites every secret byte of the contents with zeros. */
export function wipeContents(contents: VaultContents): void {
  for (const secret of contents.secrets) {
    if (secret.kind === 'phrase') {
      secret.phrase.fill(0);
      secret.passphrase.fill(0);
    } else {
      secret.privateKey.fill(0);
    }
  }
}

function secretBytes(contents: VaultContents): Uint8Array[] {
  return contents.secrets.flatMap((s) => (s.kind === 'phrase' ? [s.phrase, s.passphrase] : [s.privateKey]));
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
    secrets: contents.secrets.map((s) =>
      s.kind === 'phrase'
        ? { ...s, phrase: s.phrase.slice(), passphrase: s.passphrase.slice() }
        : { ...s, privateKey: s.privateKey.slice() },
    ),
  };
}
