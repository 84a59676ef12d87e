import { type Message, renderMessage } from '../i18n/message';
import { findCause } from './causeChain';

/**
 * Base of every error Cairn raises. `code` is stable and drives the title the UI shows
 * (`src/lib/i18n/errorMessages.ts`); `text` is what to tell the person, as a Message (see
 * `core/i18n/message.ts`) that the UI words in the reader's language; `shortMessage` is that text
 * in words, in the language of the renderer set (English in tests); `details` is technical context
 * for a "details" disclosure. None of them may contain a secret: wrap foreign errors through
 * `toSafeDetails` rather than copying their text blindly.
 */
export class CairnError<Code extends string = string> extends Error {
  override readonly name: string = 'CairnError';
  readonly code: Code;
  readonly text: Message;
  readonly details: string | undefined;

  constructor(code: Code, text: Message, options: { details?: string; cause?: unknown } = {}) {
    // No message of its own: `message` is read through the getter below, in words.
    super(undefined, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.text = text;
    this.details = options.details;
  }

  /** The text in words (see `renderMessage`). */
  get shortMessage(): string {
    return renderMessage(this.text);
  }

  /** As `shortMessage`, so logs and `toThrow` read the words too. */
  override get message(): string {
    return renderMessage(this.text);
  }

  /** Walks the cause chain from this error outwards and returns the first match. */
  walk<T>(predicate: (error: unknown) => error is T): T | undefined {
    return findCause(this, predicate);
  }
}

export function isCairnError(error: unknown): error is CairnError {
  return error instanceof CairnError;
}

/**
 * One line of technical detail from a foreign error, with anything that looks like key
 * material (long hex strings, 12+ word phrases) masked, and bounded in length.
 */
export function toSafeDetails(error: unknown, maxLength = 300): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const firstLine = raw.split('\n').find((line) => line.trim() !== '') ?? '';
  const masked = firstLine
    .replace(/(0x)?[0-9a-fA-F]{64,}/g, '[hex data]')
    .replace(/\b([a-z]{3,8}\s+){11,}[a-z]{3,8}\b/g, '[words]');
  return masked.length > maxLength ? `${masked.slice(0, maxLength - 1)}…` : masked;
}
