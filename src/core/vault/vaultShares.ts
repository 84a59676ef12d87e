// Splitting a phrase of the unlocked vault into shares for guardians, and noting each share
// handed out. The shares go to the window that asked (the person is about to see them); the vault
// keeps only the guardian list (shareSplits.ts).
import { VaultError } from '../errors/vault';
import { msg } from '../i18n/message';
import { markBackedUp } from './contentsOps';
import {
  currentSplit,
  newSplit,
  restorableFromHandedOut,
  type SharePlace,
  type ShareSplit,
  type SplitRequest,
  schemeOf,
  withHandedOut,
} from './shareSplits';
import type { UnlockedVault } from './unlockedVault';
import type { StoredSecret, VaultContents } from './vaultContents';

/**
 * A split just made: its id in the guardian list, its set's SLIP-0039 identifier, when it was made,
 * and its shares (one list of mnemonics per group).
 */
export type MadeSplit = { splitId: string; identifier: number; createdAt: number; shares: string[][] };

/**
 * Splits the phrase secret `secretId` as `request` says and stores its guardian list, marking the
 * split in use until now replaced. Throws VAULT_GUARDIAN_NAME, VAULT_ACCOUNT_NOT_FOUND (no such
 * phrase), and what a vault write throws.
 */
export async function splitVaultPhrase(
  vault: UnlockedVault,
  secretId: string,
  request: SplitRequest,
  ids: { newId: () => string; now: number },
): Promise<MadeSplit> {
  const scheme = schemeOf(request);
  const secret = vault.keyring.secret(secretId);
  if (secret.kind !== 'phrase') throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', msg('core.keys:vault.noPhrase'));
  // A copy: a lock during the split zero-fills the vault's own bytes.
  const phrase = secret.phrase.slice();
  try {
    const { splitPhrase } = await import('../keys/slip39/phraseSplit');
    const made = await splitPhrase(phrase, secret.language, scheme);
    const split = newSplit(request, made.identifier, { id: ids.newId(), now: ids.now });
    await vault.write((c) => ({ contents: addShareSplit(c, secretId, split), value: undefined }));
    return { splitId: split.id, identifier: made.identifier, createdAt: split.createdAt, shares: made.shares };
  } finally {
    phrase.fill(0);
  }
}

/** The contents with one secret changed. Throws VAULT_ACCOUNT_NOT_FOUND when it is gone. */
export function withSecret(contents: VaultContents, secretId: string, change: (s: StoredSecret) => StoredSecret) {
  if (!contents.secrets.some((s) => s.id === secretId))
    throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', msg('core.keys:vault.keyMissing'));
  return { ...contents, secrets: contents.secrets.map((s) => (s.id === secretId ? change(s) : s)) };
}

/** Adds a split to a secret; the split it had in use until now is marked replaced. */
export function addShareSplit(contents: VaultContents, secretId: string, split: ShareSplit): VaultContents {
  return withSecret(contents, secretId, (secret) => {
    const earlier = (secret.shareSplits ?? []).map((s) =>
      s.replacedAt === undefined ? { ...s, replacedAt: split.createdAt } : s,
    );
    return { ...secret, shareSplits: [...earlier, split] };
  });
}

/** Notes that a guardian's share was confirmed and handed out at `at` (the first date is kept). */
export function markHandedOut(
  contents: VaultContents,
  where: { secretId: string; splitId: string } & SharePlace,
  at: number,
): VaultContents {
  return withSecret(contents, where.secretId, (secret) => {
    const split = secret.shareSplits?.find((s) => s.id === where.splitId);
    const marked = split && withHandedOut(split, where, at);
    if (!marked) throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', msg('core.keys:guardian.splitGone'));
    const shareSplits = (secret.shareSplits ?? []).map((s) => (s.id === marked.id ? marked : s));
    return { ...secret, shareSplits };
  });
}

/**
 * Notes a guardian's share as handed out. Once the split in use can restore the secret from the
 * shares handed out, that counts as the secret's latest backup. Throws VAULT_ACCOUNT_NOT_FOUND
 * when the secret or split is gone.
 */
export function confirmHandedOut(
  vault: UnlockedVault,
  where: { secretId: string; splitId: string } & SharePlace,
  at: number,
): Promise<void> {
  return vault.write((c) => {
    const marked = markHandedOut(c, where, at);
    const secret = marked.secrets.find((s) => s.id === where.secretId);
    const split = currentSplit(secret?.shareSplits);
    const backedUp = split?.id === where.splitId && restorableFromHandedOut(split);
    return {
      contents: backedUp ? markBackedUp(marked, [where.secretId], 'shares-handed-out', at) : marked,
      value: undefined,
    };
  });
}
