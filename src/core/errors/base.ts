import { findCause } from './causeChain';

/**
 * Base of every error Cairn raises. `code` is stable and drives the wording the UI shows
 * (`src/lib/errorMessages.ts`); `shortMessage` is a plain sentence safe to show as is; `details`
 * is technical context for a "details" disclosure. None of them may contain a secret: wrap
 * foreign errors through `toSafeDetails` rather than copying their text blindly.
 */
export class CairnError<Code extends string = string> extends Error {
  override readonly name: string = 'CairnError';
  readonly code: Code;
  readonly shortMessage: string;
  readonly details: string | undefined;

  constructor(code: Code, shortMessage: string, options: { details?: string; cause?: unknown } = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.shortMessage = shortMessage;
    this.details = options.details;
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
