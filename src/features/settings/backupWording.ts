import { type Account, secretIdOf } from '@/core/accounts/account';
import type { BackupMethod } from '@/core/vault/vaultContents';
import type { SecretSummary } from '@/core/vault/vaultState';

const methods: Record<BackupMethod, string> = {
  'phrase-confirmed': 'recovery phrase written down and checked when it was made',
  'phrase-shown': 'recovery phrase shown',
  'key-shown': 'private key shown',
  'keystore-file': 'keystore file saved',
  'vault-file': 'encrypted vault backup saved',
};

/** The accounts that use a secret. */
export function accountsOf(secret: SecretSummary, accounts: readonly Account[]): Account[] {
  return accounts.filter((a) => secretIdOf(a) === secret.id);
}

/** "Recovery phrase of Main, Savings" / "Private key of Trading" (lower case inside a sentence). */
export function secretTitle(secret: SecretSummary, accounts: readonly Account[], inSentence = false): string {
  const names = accountsOf(secret, accounts)
    .map((a) => a.name)
    .join(', ');
  const kind = secret.kind === 'phrase' ? 'recovery phrase' : 'private key';
  const title = `${inSentence ? `the ${kind}` : kind.charAt(0).toUpperCase() + kind.slice(1)}`;
  return `${title}${names ? ` of ${names}` : ''}`;
}

/** Where copies of a secret are, in one sentence. */
export function backupSentence(secret: SecretSummary, formatDate: (ms: number) => string): string {
  if (secret.origin === 'demo') return 'Public demo phrase: everyone has it, so there is nothing to back up.';
  if (secret.lastBackup)
    return `Last backed up ${formatDate(secret.lastBackup.at)}: ${methods[secret.lastBackup.how]}.`;
  if (secret.backedUp) return 'Imported: you had a copy before. No copy saved from Cairn yet.';
  return 'Never backed up: the only copy is in this browser.';
}

/** Secrets whose only copy is in this browser. */
export function unbackedSecrets(secrets: readonly SecretSummary[]): SecretSummary[] {
  return secrets.filter((s) => !s.backedUp);
}

export function formatBackupDate(ms: number): string {
  return `on ${new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
}
