import type { Address, Hex } from 'viem';
import type { Account } from '../../accounts/account';
import { CairnError, isCairnError, toSafeDetails } from '../../errors/base';
import type { SignRequest } from '../../signing/keySigner';
import type { NewAccount, NewSecret } from '../contentsOps';
import type { AddOutcome } from '../vaultSession';
import type { RevealedSecret, VaultState } from '../vaultState';

/** Everything a window may ask of the vault host. Keys never come back, except where the person asked to see or save one. */
export type VaultApi = {
  create(
    password: string,
    secret: NewSecret | undefined,
    accounts: readonly NewAccount[],
    options?: { replaceExisting?: string },
  ): Promise<AddOutcome>;
  unlock(password: string): Promise<void>;
  lock(reason?: 'user' | 'idle'): Promise<void>;
  add(secret: NewSecret | undefined, accounts: readonly NewAccount[]): Promise<AddOutcome>;
  addNextAccount(secretId: string): Promise<Account>;
  rename(accountId: string, name: string): Promise<void>;
  setHidden(accountId: string, hidden: boolean): Promise<void>;
  move(accountId: string, delta: -1 | 1): Promise<void>;
  remove(accountId: string): Promise<{ removedSecret: boolean }>;
  changePassword(current: string, next: string): Promise<void>;
  sign(accountId: string, address: Address, request: SignRequest): Promise<Hex>;
  verifyPassword(password: string): Promise<void>;
  reveal(accountId: string, what: 'phrase' | 'privateKey', password: string): Promise<RevealedSecret>;
  exportPrivateKey(accountId: string, password: string): Promise<Uint8Array>;
  exportBackup(): Promise<string>;
  storedVaultText(): Promise<string | undefined>;
  importBackup(text: string, password: string, options?: { replaceExisting?: string }): Promise<{ added: number }>;
  /** Removes the vault if it is still exactly the text the person downloaded. */
  reset(downloadedText: string): Promise<void>;
  retryAt(): Promise<number>;
  /** The person did something in a window: the idle timers of every window start again. */
  touch(): Promise<void>;
  setAutoLockMinutes(minutes: number): Promise<void>;
};

export type VaultMethod = keyof VaultApi;

export const VAULT_METHODS = [
  'create',
  'unlock',
  'lock',
  'add',
  'addNextAccount',
  'rename',
  'setHidden',
  'move',
  'remove',
  'changePassword',
  'sign',
  'verifyPassword',
  'reveal',
  'exportPrivateKey',
  'exportBackup',
  'storedVaultText',
  'importBackup',
  'reset',
  'retryAt',
  'touch',
  'setAutoLockMinutes',
] as const satisfies readonly VaultMethod[];

export function isVaultMethod(value: unknown): value is VaultMethod {
  return (VAULT_METHODS as readonly unknown[]).includes(value);
}

/** An error as it crosses to the window: a CairnError's code and words, or only that it was unexpected. */
export type WireError = {
  code: string | undefined;
  shortMessage: string;
  details: string | undefined;
  retryAt?: number;
};

export type ToHost =
  | { kind: 'hello' }
  | { kind: 'call'; id: number; method: VaultMethod; args: unknown[] }
  | { kind: 'bye' };

export type ToClient =
  | { kind: 'state'; state: VaultState }
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: WireError }
  /** Someone was active in another window. */
  | { kind: 'activity' }
  /** A new host took over (the window that held the session closed): calls in flight are lost. */
  | { kind: 'restarted' };

export function toWireError(error: unknown): WireError {
  if (isCairnError(error)) {
    const retryAt = (error as { retryAt?: unknown }).retryAt;
    return {
      code: error.code,
      shortMessage: error.shortMessage,
      details: error.details,
      ...(typeof retryAt === 'number' ? { retryAt } : {}),
    };
  }
  return { code: undefined, shortMessage: 'unexpected', details: toSafeDetails(error) };
}

/** The error again on the window's side: a CairnError with the same code and words. */
export function fromWireError(wire: WireError): Error {
  if (wire.code === undefined) return new Error(`Vault session: ${wire.details ?? 'unexpected error'}`);
  const error = new CairnError(wire.code, wire.shortMessage, wire.details ? { details: wire.details } : {});
  if (wire.retryAt !== undefined) Object.assign(error, { retryAt: wire.retryAt });
  return error;
}

/** The buffers of every byte array in a value (one level into objects and arrays), to transfer. */
export function transferablesOf(value: unknown, depth = 0): ArrayBuffer[] {
  if (value instanceof Uint8Array) return value.buffer instanceof ArrayBuffer ? [value.buffer] : [];
  if (depth > 3 || typeof value !== 'object' || value === null) return [];
  return [...new Set(Object.values(value).flatMap((v) => transferablesOf(v, depth + 1)))];
}
