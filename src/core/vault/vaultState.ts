import type { Account } from '../accounts/account';
import type { Message } from '../i18n/message';
import type { PhraseLanguage } from '../keys/wordlists';
import type { KeyValueStore } from '../storage/keyValueStore';
import type { VaultRepository } from '../storage/vaultRepository';
import type { LockProvider } from '../tx/locks';
import type { PasswordEstimator } from './passwordPolicy';
import type { DrillRecord } from './recoveryDrills';
import type { ShareSplit } from './shareSplits';
import type { LastBackup, SecretOrigin, StoredSecret } from './vaultContents';
import type { VaultSettings } from './vaultSettings';

/**
 * `damaged`: a stored vault that cannot be read; `newer`: one written by a newer Cairn. Neither
 * is ever overwritten without the person's explicit word (see VaultSession.create).
 */
export type VaultStatus = 'loading' | 'empty' | 'locked' | 'unlocked' | 'damaged' | 'newer';

/** What the UI may know about a secret: never its bytes. */
export type SecretSummary = {
  id: string;
  kind: StoredSecret['kind'];
  origin: SecretOrigin;
  /** A copy exists outside this browser (imported, confirmed, shown or saved). */
  backedUp: boolean;
  lastBackup: LastBackup | undefined;
  createdAt: number;
  language: PhraseLanguage | undefined;
  hasPassphrase: boolean;
  /** The guardians it was split among (names and share identifiers, never shares), newest last. */
  shareSplits: ShareSplit[];
  /** Recovery drills that ended (when, which backup, passed or not; never what was typed), newest last. */
  drills: DrillRecord[];
};

/**
 * A passkey that unlocks the stored vault, as the unlock screen and settings need it: the id and
 * PRF salt to ask the browser for, the name and date to show. Known while locked (nothing secret).
 */
export type PasskeySummary = { credentialId: string; name: string; createdAt: number; salt: string };

export type VaultState = {
  status: VaultStatus;
  /** Accounts and secrets are known only while unlocked (they are encrypted at rest). */
  accounts: Account[];
  secrets: SecretSummary[];
  /** Why the vault is locked: at start, by the person, after being idle, or changed elsewhere. */
  lockedBy: 'start' | 'user' | 'idle' | 'changed' | undefined;
  /** Why the stored vault cannot be opened (damaged or newer). Never stored: made each time the vault is read. */
  damage: Message | undefined;
  /** The passkeys that unlock the stored vault (none for a vault that is not readable). */
  passkeys: PasskeySummary[];
};

export type VaultSessionOptions = {
  repository: VaultRepository;
  settings: KeyValueStore<VaultSettings>;
  estimator: () => Promise<PasswordEstimator>;
  /** Serialises vault writes across every window and worker (Web Locks in the browser). */
  locks?: LockProvider;
  now?: () => number;
  newId?: () => string;
  /** PBKDF2 iterations for new vaults; tests lower it to stay fast. */
  kdfIterations?: number;
  /** Fewer iterations are refused on read (MINIMUM_KDF_ITERATIONS); tests lower it with kdfIterations. */
  minimumKdfIterations?: number;
};

export type RevealedSecret =
  | { kind: 'phrase'; phrase: string; passphrase: string }
  | { kind: 'privateKey'; privateKey: string };

export function summarizeSecret(secret: StoredSecret): SecretSummary {
  return {
    id: secret.id,
    kind: secret.kind,
    origin: secret.origin,
    backedUp: secret.backedUp,
    lastBackup: secret.lastBackup,
    createdAt: secret.createdAt,
    language: secret.kind === 'phrase' ? secret.language : undefined,
    hasPassphrase: secret.kind !== 'privateKey' && secret.passphrase.length > 0,
    shareSplits: secret.shareSplits ?? [],
    drills: secret.drills ?? [],
  };
}
