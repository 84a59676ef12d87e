import { type Account, secretIdOf } from '@/core/accounts/account';
import { type Message, type MessageId, msg } from '@/core/i18n/message';
import type { BackupMethod } from '@/core/vault/vaultContents';
import type { SecretSummary } from '@/core/vault/vaultState';

const methods: Record<BackupMethod, MessageId> = {
  'phrase-confirmed': 'settings:backup.method.phraseConfirmed',
  'phrase-shown': 'settings:backup.method.phraseShown',
  'key-shown': 'settings:backup.method.keyShown',
  'keystore-file': 'settings:backup.method.keystoreFile',
  'vault-file': 'settings:backup.method.vaultFile',
  'shares-handed-out': 'settings:backup.method.sharesHandedOut',
};

/** The accounts that use a secret. */
export function accountsOf(secret: SecretSummary, accounts: readonly Account[]): Account[] {
  return accounts.filter((a) => secretIdOf(a) === secret.id);
}

/** "Recovery phrase of Main, Savings" / "Private key of Trading"; in a sentence, the reminder's form of it. */
export function secretTitle(secret: SecretSummary, accounts: readonly Account[], inSentence = false): Message {
  const names = accountsOf(secret, accounts)
    .map((a) => a.name)
    .join(', ');
  const kind = secret.kind === 'phrase' ? 'phrase' : secret.kind === 'masterSecret' ? 'shares' : 'key';
  if (names === '')
    return inSentence ? msg('settings:backup.secretInSentence', { kind }) : msg('settings:backup.secret', { kind });
  return inSentence
    ? msg('settings:backup.secretOfInSentence', { kind, names })
    : msg('settings:backup.secretOf', { kind, names });
}

/** Where copies of a secret are, in one sentence. */
export function backupSentence(secret: SecretSummary): Message {
  if (secret.origin === 'demo') return msg('settings:backup.state.demo');
  if (secret.lastBackup)
    return msg('settings:backup.state.last', {
      when: new Date(secret.lastBackup.at),
      how: { id: methods[secret.lastBackup.how] },
    });
  if (secret.backedUp) return msg('settings:backup.state.imported');
  return msg('settings:backup.state.never');
}

/** Secrets whose only copy is in this browser. */
export function unbackedSecrets(secrets: readonly SecretSummary[]): SecretSummary[] {
  return secrets.filter((s) => !s.backedUp);
}
