// Guards for values read from outside (storage, files, messages, answers), before their fields
// are trusted.

/** An object with string keys, not an array and not null (its fields still to be checked). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}
