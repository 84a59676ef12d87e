import { CairnError, isCairnError, toSafeDetails } from '../../errors/base';
import type { Message } from '../../i18n/message';
import type { VaultSession } from '../vaultSession';
import type { VaultState } from '../vaultState';

/**
 * The session's calls a window may make; the host passes them through as they are. Keys never
 * come back, except where the person asked to see or save one.
 */
export const SESSION_METHODS = [
  'create',
  'unlock',
  'unlockWithPasskey',
  'addPasskey',
  'renamePasskey',
  'removePasskey',
  'add',
  'addNextAccount',
  'rename',
  'setHidden',
  'addAccountPasskey',
  'noteRegisteringPasskey',
  'dropRegisteringPasskey',
  'move',
  'remove',
  'changePassword',
  'sign',
  'verifyPassword',
  'reveal',
  'exportPrivateKey',
  'splitPhrase',
  'confirmShareHandedOut',
  'startDrill',
  'checkDrillWords',
  'checkDrillShares',
  'failDrill',
  'cancelDrill',
  'exportBackup',
  'storedVaultText',
  'importBackup',
  'reset',
  'retryAt',
] as const satisfies readonly (keyof VaultSession)[];

export type SessionMethod = (typeof SESSION_METHODS)[number];

/** The calls the host answers itself: locking from a window, and the windows' idle time. */
type HostApi = {
  lock(reason?: 'user' | 'idle'): Promise<void>;
  /** The person did something in a window: the idle timers of every window start again. */
  touch(): Promise<void>;
  setAutoLockMinutes(minutes: number): Promise<void>;
};

const HOST_METHODS = ['lock', 'touch', 'setAutoLockMinutes'] as const satisfies readonly (keyof HostApi)[];

/** A session method as a window calls it: by message, so every answer comes later. */
type Remote<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
type SessionApi = Pick<VaultSession, SessionMethod>;

/** Everything a window may ask of the vault host. */
export type VaultApi = { [M in keyof SessionApi]: Remote<SessionApi[M]> } & HostApi;
export type VaultMethod = keyof VaultApi;

export const VAULT_METHODS = [...SESSION_METHODS, ...HOST_METHODS] as const;

/** Does not compile while a method of VaultApi is missing from VAULT_METHODS. */
type Unlisted = Exclude<VaultMethod, (typeof VAULT_METHODS)[number]>;
export const EVERY_METHOD_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;

export function isSessionMethod(value: unknown): value is SessionMethod {
  return (SESSION_METHODS as readonly unknown[]).includes(value);
}

export function isVaultMethod(value: unknown): value is VaultMethod {
  return (VAULT_METHODS as readonly unknown[]).includes(value);
}

/**
 * An error as it crosses to the window: a CairnError's code and Message (its id and values, which
 * clone as they are; the window words it in the reader's language, the host never words anything),
 * or only that it was unexpected (no code, no Message: the window says so in its own words).
 */
export type WireError =
  | { code: string; text: Message; details: string | undefined; retryAt?: number }
  | { code: undefined; details: string | undefined };

export type ToHost =
  | { kind: 'hello' }
  | { kind: 'call'; id: number; method: VaultMethod; args: unknown[] }
  /** Is the host still there? (asked while calls wait; see VaultClient) */
  | { kind: 'ping' }
  | { kind: 'bye' };

export type ToClient =
  | { kind: 'state'; state: VaultState }
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: WireError }
  /** Someone was active in another window. */
  | { kind: 'activity' }
  /** The host is there (the answer to a ping, sent at once, whatever calls are running). */
  | { kind: 'pong' }
  /** A new host took over (the window that held the session closed): calls in flight are lost. */
  | { kind: 'restarted' };

export function toWireError(error: unknown): WireError {
  if (isCairnError(error)) {
    const retryAt = (error as { retryAt?: unknown }).retryAt;
    return {
      code: error.code,
      text: error.text,
      details: error.details,
      ...(typeof retryAt === 'number' ? { retryAt } : {}),
    };
  }
  return { code: undefined, details: toSafeDetails(error) };
}

/** The error again on the window's side: a CairnError with the same code and words. */
export function fromWireError(wire: WireError): Error {
  if (wire.code === undefined) return new Error(`Vault session: ${wire.details ?? 'unexpected error'}`);
  const error = new CairnError(wire.code, wire.text, wire.details ? { details: wire.details } : {});
  if (wire.retryAt !== undefined) Object.assign(error, { retryAt: wire.retryAt });
  return error;
}

/** The buffers of every byte array in a value (one level into objects and arrays), to transfer. */
export function transferablesOf(value: unknown, depth = 0): ArrayBuffer[] {
  if (value instanceof Uint8Array) return value.buffer instanceof ArrayBuffer ? [value.buffer] : [];
  if (depth > 3 || typeof value !== 'object' || value === null) return [];
  return [...new Set(Object.values(value).flatMap((v) => transferablesOf(v, depth + 1)))];
}
