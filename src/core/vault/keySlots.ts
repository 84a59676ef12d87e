import { fromBase64, fromBase64Url } from '../bytes';
import { isRecord } from '../text/guards';

/** A data key encrypted (AES-256-GCM) under another key: its IV and the ciphertext with tag, base64. */
export type WrappedKey = { iv: string; data: string };

/**
 * The data key wrapped by one passkey: the key that wraps it comes from the passkey's PRF output
 * for `salt` (see keyWrapping.ts). Nothing here is secret: the credential id and salt are what
 * the browser is asked for, the name and date what the person sees.
 */
export type PasskeySlot = {
  /** The WebAuthn credential id, base64url as the browser gives it. */
  credentialId: string;
  name: string;
  createdAt: number;
  /** The PRF input (32 bytes, base64), one per passkey. */
  salt: string;
  wrapped: WrappedKey;
};

/** A version-3 vault's data key, wrapped by the password's key and by each passkey's. */
export type KeySlots = { password: WrappedKey; passkeys: PasskeySlot[] };

/** A wrapped data key: its 32 bytes and the 16-byte GCM tag. */
const WRAPPED_LENGTH = 48;
export const PASSKEY_SALT_LENGTH = 32;
export const MAX_PASSKEY_NAME_LENGTH = 40;
/** More would be a record nobody made by hand: a bound on what a damaged record can make Cairn do. */
export const MAX_PASSKEYS = 20;

function parseWrapped(value: unknown): WrappedKey | undefined {
  if (!isRecord(value) || typeof value.iv !== 'string' || typeof value.data !== 'string') return undefined;
  if (fromBase64(value.iv)?.length !== 12 || fromBase64(value.data)?.length !== WRAPPED_LENGTH) return undefined;
  return { iv: value.iv, data: value.data };
}

/** True for a credential id as browsers give it: base64url of 16 to 1,023 bytes (WebAuthn's bounds). */
export function isCredentialId(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const length = fromBase64Url(value)?.length ?? 0;
  return length >= 16 && length <= 1023;
}

function parsePasskey(value: unknown): PasskeySlot | undefined {
  if (!isRecord(value) || !isCredentialId(value.credentialId)) return undefined;
  const { name, createdAt, salt } = value;
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_PASSKEY_NAME_LENGTH) return undefined;
  if (typeof createdAt !== 'number' || !Number.isSafeInteger(createdAt) || createdAt < 0) return undefined;
  if (typeof salt !== 'string' || fromBase64(salt)?.length !== PASSKEY_SALT_LENGTH) return undefined;
  const wrapped = parseWrapped(value.wrapped);
  return wrapped && { credentialId: value.credentialId, name, createdAt, salt, wrapped };
}

/** The `keys` of a stored record, checked field by field; undefined when anything is off. */
export function parseKeySlots(value: unknown): KeySlots | undefined {
  if (!isRecord(value) || !Array.isArray(value.passkeys) || value.passkeys.length > MAX_PASSKEYS) return undefined;
  const password = parseWrapped(value.password);
  const passkeys = value.passkeys.map(parsePasskey);
  if (!password || passkeys.some((p) => !p)) return undefined;
  const ids = new Set(passkeys.map((p) => p?.credentialId));
  if (ids.size !== passkeys.length) return undefined;
  return { password, passkeys: passkeys as PasskeySlot[] };
}

/** The slots in a fixed order, for the record's checksum. */
export function keySlotFields(keys: KeySlots): unknown[] {
  const wrapped = (w: WrappedKey) => [w.iv, w.data];
  return [
    wrapped(keys.password),
    keys.passkeys.map((p) => [p.credentialId, p.name, p.createdAt, p.salt, wrapped(p.wrapped)]),
  ];
}
