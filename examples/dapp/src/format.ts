// How the page writes results and errors. Pure functions, tested in format.test.ts.

type Coded = { code: number; message: string };

function isCoded(value: unknown): value is Coded & { cause?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as { code?: unknown; message?: unknown };
  return typeof code === 'number' && typeof message === 'string';
}

/**
 * `Error <code>: <message>` for what a request threw. viem wraps the wallet's EIP-1193 error
 * (UserRejectedRequestError, TransactionExecutionError…) and keeps it as `cause`: the innermost
 * error with a numeric code is the wallet's own, with its own sentence. Errors without a code
 * (viem's checks before sending) read `Error: <message>`.
 */
export function describeError(error: unknown): string {
  let coded: Coded | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 16 && typeof current === 'object' && current !== null; depth++) {
    if (isCoded(current)) coded = current;
    current = (current as { cause?: unknown }).cause;
  }
  if (coded) return `Error ${coded.code}: ${coded.message}`;
  if (typeof error === 'object' && error !== null) {
    const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown };
    if (typeof shortMessage === 'string') return `Error: ${shortMessage}`;
    if (typeof message === 'string') return `Error: ${message}`;
  }
  return `Error: ${String(error)}`;
}

/** JSON for showing a result, with bigints as decimal strings. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)) ?? 'null';
}

/** A chain id typed as decimal ("31337") or hex ("0x7a69"); undefined when it is neither. */
export function parseChainId(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^(0x[0-9a-fA-F]{1,13}|[0-9]{1,15})$/.test(trimmed)) return undefined;
  const id = Number(trimmed);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** A list of accounts in words. */
export function describeAccounts(accounts: readonly string[]): string {
  return accounts.length === 0 ? 'no accounts' : accounts.join(', ');
}
