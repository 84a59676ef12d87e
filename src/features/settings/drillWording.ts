import type { Account } from '@/core/accounts/account';
import { type Message, msg } from '@/core/i18n/message';
import type { DrillBackup, DrillState, NeededDrill } from '@/core/vault/recoveryDrills';
import type { SecretSummary } from '@/core/vault/vaultState';
import { secretTitle } from './backupWording';

/** "Recovery phrase" / "Shares of the split of 3 March 2027". */
export function backupName(backup: DrillBackup, secret: SecretSummary): Message {
  if (backup.kind === 'phrase') return msg('settings:drill.backup.phrase');
  const split = secret.shareSplits.find((s) => s.id === backup.splitId);
  return msg('settings:drill.backup.shares', { when: new Date(split?.createdAt ?? 0) });
}

/** When the backup last worked in a drill, then where its drills stand, in two sentences. */
export function drillStateSentences(state: DrillState): Message[] {
  const worked =
    state.lastPassed === undefined
      ? msg('settings:drill.state.neverPassed')
      : msg('settings:drill.state.lastPassed', { when: new Date(state.lastPassed) });
  if (state.kind === 'off') return [worked, msg('settings:drill.state.off')];
  if (state.kind === 'failed') return [worked, msg('settings:drill.state.failed', { when: new Date(state.dueAt) })];
  if (state.kind === 'due') return [worked, msg('settings:drill.state.due', { when: new Date(state.dueAt) })];
  return [worked, msg('settings:drill.state.next', { when: new Date(state.dueAt) })];
}

/** The backups a reminder names, in a sentence: "the recovery phrase of Main; the shares of …". */
export function neededBackupsSentence(
  needed: readonly NeededDrill[],
  secrets: readonly SecretSummary[],
  accounts: readonly Account[],
): Message | undefined {
  return needed
    .map((d): Message | undefined => {
      const secret = secrets.find((s) => s.id === d.secretId);
      if (!secret) return undefined;
      const wallet = secretTitle(secret, accounts, true);
      return d.backup.kind === 'phrase' ? wallet : msg('settings:reminder.drill.sharesOf', { wallet });
    })
    .filter((m): m is Message => m !== undefined)
    .reduce<Message | undefined>(
      (list, next) => (list ? msg('settings:reminder.list', { list, next }) : next),
      undefined,
    );
}
