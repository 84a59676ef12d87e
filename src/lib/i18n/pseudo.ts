// The pseudo-locale's messages, made from English ones in Lingui's compiled form: every ASCII
// letter replaced by an accented one, vowels doubled (about a third longer, as German and Spanish
// often are), the whole message in ⟦ ⟧. Arguments, plural and select structure, `#` and the
// numbered tags (<0>…</0>) are kept as they are.

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçðéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ';
const MAP = new Map([...PLAIN].map((c, i) => [c, [...ACCENTED][i] ?? c]));
const VOWELS = new Set([...'aeiouAEIOU']);
const TAG = /(<\/?\d+\/?>)/;

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** A piece of English text in the pseudo-locale (tags kept). */
export function pseudoText(text: string): string {
  return text
    .split(TAG)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : [...part].map((c) => (VOWELS.has(c) ? `${MAP.get(c)}${MAP.get(c)}` : (MAP.get(c) ?? c))).join(''),
    )
    .join('');
}

type Compiled = string | readonly unknown[];

function pseudoParts(parts: readonly unknown[]): unknown[] {
  return parts.map((part) => {
    if (typeof part === 'string') return pseudoText(part);
    if (!Array.isArray(part)) return part;
    const [name, kind, cases, ...rest] = part as [unknown, unknown, unknown, ...unknown[]];
    if ((kind === 'plural' || kind === 'select' || kind === 'selectordinal') && typeof cases === 'object' && cases) {
      const mapped = Object.fromEntries(
        Object.entries(cases).map(([key, value]) => [
          key,
          typeof value === 'string' ? pseudoText(value) : Array.isArray(value) ? pseudoParts(value) : value,
        ]),
      );
      return [name, kind, mapped, ...rest];
    }
    return part;
  });
}

/** One compiled message in the pseudo-locale. */
export function pseudoMessage(message: Compiled): Compiled {
  if (typeof message === 'string') return `${PSEUDO_OPEN}${pseudoText(message)}${PSEUDO_CLOSE}`;
  return [PSEUDO_OPEN, ...pseudoParts(message), PSEUDO_CLOSE];
}

/** A compiled catalog in the pseudo-locale. */
export function pseudoCatalog(messages: Readonly<Record<string, Compiled>>): Record<string, Compiled> {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, pseudoMessage(message)]));
}
