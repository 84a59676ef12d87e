import type { RootOptions } from 'react-dom/client';

/**
 * Options for Cairn's React roots. When a render throws and React recovers by rendering again,
 * its own report says only that; this one says what threw, and in which components.
 */
export const rootOptions: RootOptions = {
  onRecoverableError(error, info) {
    const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
    // A stack starts with the error's name and message.
    const text = cause instanceof Error ? (cause.stack ?? `${cause.name}: ${cause.message}`) : String(cause);
    console.error(`Cairn recovered from a rendering error. ${text}\n${info.componentStack ?? ''}`);
  },
};
