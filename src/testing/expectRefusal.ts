import { expect } from 'vitest';
import { type CairnError, isCairnError } from '@/core/errors/base';
import { DeviceError } from '@/core/errors/device';

/** Runs `run`, expecting a Cairn error with this code whose sentence matches. */
export function expectRefusal(run: () => unknown, code: string, sentence: RegExp): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(isCairnError(caught), `expected ${code}, got ${String(caught)}`).toBe(true);
  if (!isCairnError(caught)) return;
  expect(caught.code).toBe(code);
  expect(caught.shortMessage).toMatch(sentence);
  expect(caught.shortMessage).toMatch(/[.!]$/);
}

/** The DeviceError `promise` is refused with; fails the test when it resolves or throws anything else. */
export async function deviceRefusal(promise: Promise<unknown>): Promise<DeviceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DeviceError) return error;
    throw error;
  }
  throw new Error('not refused');
}

/** The Cairn error `promise` is refused with; fails the test when it resolves or throws anything else. */
export async function cairnRefusal(promise: Promise<unknown>): Promise<CairnError> {
  try {
    await promise;
  } catch (error) {
    if (isCairnError(error)) return error;
    throw error;
  }
  throw new Error('not refused');
}
