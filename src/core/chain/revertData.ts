import type { Hex } from 'viem';

const ERROR_SELECTOR = '0x08c379a0';
const PANIC_SELECTOR = '0x4e487b71';

const PANIC_REASONS: Record<number, string> = {
  1: 'assertion failed',
  17: 'arithmetic overflow or underflow',
  18: 'division by zero',
  33: 'invalid enum value',
  49: 'pop from an empty array',
  50: 'array index out of bounds',
  65: 'out of memory',
  81: 'call to an invalid function',
};

/**
 * Decodes standard revert data: Error(string) and Panic(uint256). Custom errors are named by
 * their selector. Decoded by hand: this runs in the first screen's bundle, which does not
 * carry the ABI decoder.
 */
export function decodeRevertData(data: Hex): string | undefined {
  if (data.startsWith(ERROR_SELECTOR) && data.length >= 10 + 128) {
    const body = data.slice(10);
    const length = Number.parseInt(body.slice(64, 128), 16);
    const hex = body.slice(128, 128 + length * 2);
    if (!Number.isSafeInteger(length) || hex.length !== length * 2) return undefined;
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    return new TextDecoder().decode(bytes);
  }
  if (data.startsWith(PANIC_SELECTOR) && data.length >= 10 + 64) {
    const code = Number.parseInt(data.slice(10, 74), 16);
    return `panic: ${PANIC_REASONS[code] ?? `code 0x${code.toString(16)}`}`;
  }
  if (data.length >= 10) return `custom error ${data.slice(0, 10)}`;
  return undefined;
}

/** Revert data anywhere in an error's cause chain (nodes put it in different places). */
export function findRevertData(error: unknown): Hex | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 20; depth++) {
    const data = (current as { data?: unknown }).data;
    const candidate =
      typeof data === 'string'
        ? data
        : typeof (data as { data?: unknown })?.data === 'string'
          ? (data as { data: string }).data
          : undefined;
    if (candidate && /^0x[0-9a-fA-F]{8,}$/.test(candidate)) return candidate as Hex;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
