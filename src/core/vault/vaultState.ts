import type { Account } from '../accounts/account';
import type { PhraseLanguage } from '../keys/wordlists';
import type { KeyValueStore } from '../storage/keyValueStore';
import type { SettingsSchema } from '../storage/settingsSchema';
import type { VaultRepository } from '../storage/vaultRepository';
import type { PasswordEstimator } from './passwordPolicy';
import type { SecretOrigin, StoredSecret } from './vaultContents';

export type VaultStatus = 'loading' | 'empty' | 'locked' | 'unlocked' | 'damaged';

/** What the UI may know about a secret: never its bytes. */
export type SecretSummary = {
  id: string;
  kind: 'phrase' | 'privateKey';
  origin: SecretOrigin;
  backedUp: boolean;
  language: PhraseLanguage | undefined;
  hasPassphrase: boolean;
};

export type VaultState = {
  status: VaultStatus;
  /** Accounts and secrets are known only while unlocked (they are encrypted at rest). */
  accounts: Account[];
  secrets: SecretSummary[];
  selectedAccountId: string | undefined;
  /** Why the vault is locked: at start, by the person, or after being idle. */
  lockedBy: 'start' | 'user' | 'idle' | undefined;
  /** Technical detail when the stored vault cannot be read. */
  damage: string | undefined;
};

export type VaultSessionOptions = {
  repository: VaultRepository;
  settings: KeyValueStore<SettingsSchema>;
  estimator: () => Promise<PasswordEstimator>;
  now?: () => number;
  newId?: () => string;
  /** PBKDF2 iterations for new vaults; tests lower it to stay fast. */
  kdfIterations?: number;
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
    language: secret.kind === 'phrase' ? secret.language : undefined,
    hasPassphrase: secret.kind === 'phrase' && secret.passphrase.length > 0,
  };
}
