import { type Account, isDeviceSource } from '../accounts/account';
import { VaultError, VaultLockedError } from '../errors/vault';
import { msg } from '../i18n/message';
import { seedFromPhrase } from '../keys/seed';
import { type StoredSecret, type VaultContents, wipeContents, wipeUnreferenced } from './vaultContents';

/**
 * Key material while Cairn is unlocked, and only then. Secrets and the seeds and keys derived
 * from them are bytes that `wipe()` zero-fills; after that every request fails with VAULT_LOCKED.
 */
export class Keyring {
  private contents: VaultContents | undefined;
  /**
   * HD keys derived so far, by secret id and path: deriving one takes milliseconds on every
   * signature otherwise. They hold no more than the seed they come from, kept here anyway.
   */
  private readonly derived = new Map<string, { secretId: string; key: Uint8Array }>();
  private readonly seeds = new Map<string, Uint8Array>();

  constructor(contents: VaultContents) {
    this.contents = contents;
  }

  get isWiped(): boolean {
    return this.contents === undefined;
  }

  /** The vault contents (for re-encryption after a change). Throws VAULT_LOCKED after wipe. */
  current(): VaultContents {
    if (!this.contents) throw new VaultLockedError();
    return this.contents;
  }

  secret(secretId: string): StoredSecret {
    const secret = this.current().secrets.find((s) => s.id === secretId);
    if (!secret) throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', msg('core.keys:vault.keyMissing'));
    return secret;
  }

  /**
   * The BIP-32 seed of an HD secret: a phrase's BIP39 seed, derived once per unlock, or a copy of a
   * SLIP-0039 master secret (which is the seed, as on a Trezor). It is zero-filled by a lock, even
   * while a caller holds it: check `isWiped` after any later await before using it.
   */
  async seedOf(secretId: string): Promise<Uint8Array> {
    const cached = this.seeds.get(secretId);
    if (cached) return cached;
    const secret = this.secret(secretId);
    if (secret.kind === 'privateKey') throw new Error('not an HD secret');
    const seed =
      secret.kind === 'masterSecret'
        ? secret.masterSecret.slice()
        : await seedFromPhrase(secret.phrase, secret.passphrase);
    const raced = this.seeds.get(secretId);
    if (!this.contents || raced) {
      seed.fill(0);
      if (raced) return raced;
      throw new VaultLockedError();
    }
    this.seeds.set(secretId, seed);
    return seed;
  }

  /**
   * A copy of an account's private key; the caller zero-fills it after use. Throws
   * VAULT_LOCKED after wipe, VAULT_WATCH_ONLY for watch-only accounts and VAULT_KEY_ON_DEVICE for
   * accounts whose key is on a device.
   */
  async privateKeyFor(account: Account): Promise<Uint8Array> {
    const source = account.source;
    if (source.kind === 'watch' || source.kind === 'safe' || source.kind === 'passkeyAccount') {
      throw new VaultError('VAULT_WATCH_ONLY', msg('core.keys:vault.watchOnlySign'));
    }
    if (isDeviceSource(source)) throw keyOnDevice();
    if (source.kind === 'key') {
      const secret = this.secret(source.secretId);
      if (secret.kind !== 'privateKey') throw new Error('account source does not match its secret');
      return secret.privateKey.slice();
    }
    const cacheKey = `${source.secretId}\n${source.path}`;
    const cached = this.derived.get(cacheKey);
    if (cached) return cached.key.slice();
    // Curve code loads on first use, keeping it out of the first screen. It loads before the seed
    // is read: a lock during any await zero-fills the seed, and a key derived from zeros is a
    // valid but wrong key, so nothing may await between the check below and the derivation.
    const { derivePrivateKey } = await import('../keys/hd');
    const seed = await this.seedOf(source.secretId);
    if (this.isWiped) throw new VaultLockedError();
    const key = this.derived.get(cacheKey)?.key ?? derivePrivateKey(seed, source.path);
    this.derived.set(cacheKey, { secretId: source.secretId, key });
    return key.slice();
  }

  /**
   * Points the keyring at changed contents (after a change was saved, or a newer record was read).
   * Secret bytes the new contents no longer hold are zero-filled, and so are the seeds of
   * secrets that are gone.
   */
  replaceContents(contents: VaultContents): this {
    if (!this.contents) throw new VaultLockedError();
    wipeUnreferenced(this.contents, contents);
    this.contents = contents;
    for (const [id, seed] of this.seeds) {
      if (!contents.secrets.some((s) => s.id === id)) {
        seed.fill(0);
        this.seeds.delete(id);
      }
    }
    for (const [cacheKey, { secretId, key }] of this.derived) {
      if (!contents.secrets.some((s) => s.id === secretId)) {
        key.fill(0);
        this.derived.delete(cacheKey);
      }
    }
    return this;
  }

  /** Zero-fills every secret and seed and forgets them. */
  wipe(): void {
    if (this.contents) wipeContents(this.contents);
    for (const seed of this.seeds.values()) seed.fill(0);
    this.seeds.clear();
    for (const { key } of this.derived.values()) key.fill(0);
    this.derived.clear();
    this.contents = undefined;
  }
}

export function keyOnDevice(): VaultError {
  return new VaultError('VAULT_KEY_ON_DEVICE', msg('core.keys:vault.keyOnDevice'));
}
