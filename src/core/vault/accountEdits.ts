import type { Account, PasskeyAccountSource, PasskeyCredential, PendingPasskey } from '../accounts/account';
import { VaultError } from '../errors/vault';
import { msg } from '../i18n/message';
import type { VaultContents } from './vaultContents';

// Edits of one listed account in the vault's contents (its name, whether it is hidden, its place
// in the list, a passkey account's passkeys): each returns new contents, the old ones untouched.

/** The account `id`; throws VAULT_ACCOUNT_NOT_FOUND when the vault lists none. */
export function requireAccount(contents: VaultContents, id: string): Account {
  const account = contents.accounts.find((a) => a.id === id);
  if (!account) throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', msg('core.keys:vault.accountGone'));
  return account;
}

export const MAX_ACCOUNT_NAME_LENGTH = 40;

/** Throws VAULT_… with a reason when a name is unusable; returns the trimmed name. */
export function checkAccountName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new VaultError('VAULT_ACCOUNT_NAME', msg('core.keys:account.nameEmpty'));
  if (trimmed.length > MAX_ACCOUNT_NAME_LENGTH) {
    throw new VaultError('VAULT_ACCOUNT_NAME', msg('core.keys:account.nameTooLong', { max: MAX_ACCOUNT_NAME_LENGTH }));
  }
  return trimmed;
}

export function renameAccount(contents: VaultContents, id: string, name: string): VaultContents {
  requireAccount(contents, id);
  const clean = checkAccountName(name);
  return { ...contents, accounts: contents.accounts.map((a) => (a.id === id ? { ...a, name: clean } : a)) };
}

export function setAccountHidden(contents: VaultContents, id: string, hidden: boolean): VaultContents {
  requireAccount(contents, id);
  return { ...contents, accounts: contents.accounts.map((a) => (a.id === id ? { ...a, hidden } : a)) };
}

/** The passkey account `id`'s source, changed by `change`. Throws VAULT_ACCOUNT_NOT_FOUND for another kind of account. */
function withPasskeySource(
  contents: VaultContents,
  id: string,
  change: (source: PasskeyAccountSource) => PasskeyAccountSource,
): VaultContents {
  const source = requireAccount(contents, id).source;
  if (source.kind !== 'passkeyAccount') {
    throw new VaultError('VAULT_ACCOUNT_NOT_FOUND', msg('core.keys:vault.accountGone'));
  }
  const next = change(source);
  return { ...contents, accounts: contents.accounts.map((a) => (a.id === id ? { ...a, source: next } : a)) };
}

/** The registrations still waiting, without `credentialId`'s. */
function registeringWithout(source: PasskeyAccountSource, credentialId: string): { registering?: PendingPasskey[] } {
  const left = (source.registering ?? []).filter((p) => p.credential.id !== credentialId);
  return left.length > 0 ? { registering: left } : {};
}

/**
 * Adds a passkey, now registered on the chain, to a passkey account's list (the browser is asked
 * for these), and takes it off the registrations waiting. Throws VAULT_ACCOUNT_NOT_FOUND for
 * another kind of account, VAULT_PASSKEY_EXISTS for a credential it lists already.
 */
export function addAccountPasskey(contents: VaultContents, id: string, credential: PasskeyCredential): VaultContents {
  return withPasskeySource(contents, id, (source) => {
    if (source.credentials.some((c) => c.id === credential.id)) {
      throw new VaultError('VAULT_PASSKEY_EXISTS', msg('core.keys:vault.passkeyListed'));
    }
    const { registering: _, ...rest } = source;
    return { ...rest, credentials: [...source.credentials, credential], ...registeringWithout(source, credential.id) };
  });
}

/**
 * Notes a passkey whose registration was just sent (its record `recordId`), so that it is listed
 * once the chain holds it even if the page is left first. Never used to sign until then. Throws
 * VAULT_ACCOUNT_NOT_FOUND, VAULT_PASSKEY_EXISTS (listed already).
 */
export function noteRegisteringPasskey(contents: VaultContents, id: string, pending: PendingPasskey): VaultContents {
  return withPasskeySource(contents, id, (source) => {
    if (source.credentials.some((c) => c.id === pending.credential.id)) {
      throw new VaultError('VAULT_PASSKEY_EXISTS', msg('core.keys:vault.passkeyListed'));
    }
    const { registering: _, ...rest } = source;
    return {
      ...rest,
      registering: [...(registeringWithout(source, pending.credential.id).registering ?? []), pending],
    };
  });
}

/** Forgets a registration that settled without registering its passkey (failed, replaced, dropped). */
export function dropRegisteringPasskey(contents: VaultContents, id: string, credentialId: string): VaultContents {
  return withPasskeySource(contents, id, (source) => {
    const { registering: _, ...rest } = source;
    return { ...rest, ...registeringWithout(source, credentialId) };
  });
}

/** Moves an account up (−1) or down (+1) in the list; a move past either end does nothing. */
export function moveAccount(contents: VaultContents, id: string, delta: -1 | 1): VaultContents {
  const from = contents.accounts.findIndex((a) => a.id === id);
  if (from === -1) requireAccount(contents, id);
  const to = from + delta;
  if (to < 0 || to >= contents.accounts.length) return contents;
  const accounts = [...contents.accounts];
  const [moved] = accounts.splice(from, 1);
  if (moved) accounts.splice(to, 0, moved);
  return { ...contents, accounts };
}
