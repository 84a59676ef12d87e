// Values reach Lingui as placeholders and are put in afterwards, so nothing a value holds (a
// token's name with "{", "<0>" or "\u202E" written out) can be read as message syntax, a tag or an
// escape. Numbers and dates go in as they are: the message formats them.
import type { AmountValue, CodeValue, Message, MessageValues, UntrustedValue } from '@/core/i18n/message';

/** A value shown as it is (after its own formatting), never parsed. */
export type DataValue = string | Message | AmountValue | CodeValue | UntrustedValue;

const OPEN = '\uE000';
const CLOSE = '\uE001';
const PLACEHOLDER = /\uE000(\d+)\uE001/;

/**
 * `selectKeys`: the arguments the message uses to choose a `select` case; their text goes in as
 * it is, since it only picks a case and is never shown.
 */
export function withPlaceholders(
  values: MessageValues | undefined,
  selectKeys: ReadonlySet<string> = new Set(),
): {
  values: Record<string, unknown>;
  data: DataValue[];
} {
  const data: DataValue[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value === 'number' || typeof value === 'bigint' || value instanceof Date) out[name] = value;
    else if (typeof value === 'string' && selectKeys.has(name)) out[name] = value;
    else {
      out[name] = `${OPEN}${data.length}${CLOSE}`;
      data.push(value);
    }
  }
  return { values: out, data };
}

/** The text cut at its placeholders: strings, and the slot of each value between them. */
export function splitPlaceholders(text: string): Array<string | { slot: number }> {
  const pieces = text.split(PLACEHOLDER);
  const parts: Array<string | { slot: number }> = [];
  pieces.forEach((piece, i) => {
    if (i % 2 === 1) parts.push({ slot: Number(piece) });
    else if (piece !== '') parts.push(piece);
  });
  return parts;
}

/** The names of the arguments a compiled message (Lingui's form) chooses `select` cases by. */
export function selectArguments(compiled: unknown, found: Set<string> = new Set()): Set<string> {
  if (!Array.isArray(compiled)) return found;
  const [name, kind, cases] = compiled as unknown[];
  if (typeof name === 'string' && (kind === 'select' || kind === 'plural' || kind === 'selectordinal')) {
    if (kind === 'select') found.add(name);
    for (const branch of Object.values((cases ?? {}) as Record<string, unknown>)) selectArguments(branch, found);
    return found;
  }
  for (const part of compiled) selectArguments(part, found);
  return found;
}
