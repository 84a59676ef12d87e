import type { Message } from '@/core/i18n/message';

/** Messages between the page and the keystore worker. */
export type KeystoreRequest =
  | { id: number; op: 'decrypt'; text: string; password: string }
  | { id: number; op: 'encrypt'; privateKey: Uint8Array; password: string };

export type KeystoreResponse =
  | { id: number; type: 'progress'; fraction: number }
  | { id: number; type: 'decrypted'; privateKey: Uint8Array }
  | { id: number; type: 'encrypted'; json: string }
  /** `text`: the error's Message (ids and values clone as they are); the worker words nothing itself. */
  | { id: number; type: 'error'; code: string | undefined; text: Message; field: string | undefined };
