import { expect } from 'vitest';
import { isCairnError } from '@/core/errors/base';

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
