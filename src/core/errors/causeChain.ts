/** Deepest cause chain followed; real chains are a handful deep, this only stops runaway ones. */
const MAX_DEPTH = 20;

/**
 * An error followed by each of its causes, outermost first. Nodes and clients nest the useful
 * part (the node's message, revert data, an HTTP status) at different depths, so code that looks
 * for something in an error walks this list rather than writing its own loop. A cycle or a chain
 * deeper than 20 ends the list; a non-object cause ends it too, after being listed.
 */
export function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && chain.length < MAX_DEPTH) {
    chain.push(current);
    if (typeof current !== 'object') break;
    seen.add(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The first error in the cause chain that `predicate` accepts. */
export function findCause<T>(error: unknown, predicate: (candidate: unknown) => candidate is T): T | undefined;
export function findCause(error: unknown, predicate: (candidate: unknown) => boolean): unknown;
export function findCause(error: unknown, predicate: (candidate: unknown) => boolean): unknown {
  return causeChain(error).find(predicate);
}

type Said = { message?: unknown; details?: unknown; shortMessage?: unknown };

/** The texts `pick` chooses from each link of the cause chain (a string cause is its own text), joined. */
function textAlong(error: unknown, pick: (link: Said) => unknown[]): string {
  return causeChain(error)
    .flatMap((link) => {
      if (typeof link === 'string') return [link];
      if (typeof link !== 'object' || link === null) return [];
      // Cairn's own errors say things as Messages, in whatever language is shown: what they say
      // is not matched against node wording, only their details are.
      if (typeof (link as { text?: unknown }).text === 'object')
        return pick({ details: (link as Said).details }).filter(
          (part): part is string => typeof part === 'string' && part !== '',
        );
      return pick(link as Said).filter((part): part is string => typeof part === 'string' && part !== '');
    })
    .join(' ');
}

/** Every message and `details` text along the cause chain, joined: what pattern tables match against. */
export function causeText(error: unknown): string {
  return textAlong(error, ({ message, shortMessage, details }) => [message, shortMessage, details]);
}

/**
 * What was said along the cause chain, without a client's context: each link's short message
 * (its message when it has none) and its details. A viem error's full message repeats the request
 * (URL, body, call arguments), where a function name or calldata could pass for a node's words.
 */
export function causeWords(error: unknown): string {
  return textAlong(error, ({ message, shortMessage, details }) => [
    typeof shortMessage === 'string' && shortMessage !== '' ? shortMessage : message,
    details,
  ]);
}

/** The deepest non-empty `details` along the cause chain: for a viem error, the node's own words. */
export function innermostDetails(error: unknown): string | undefined {
  return causeChain(error)
    .map((link) => (typeof link === 'object' && link !== null ? (link as { details?: unknown }).details : undefined))
    .filter((details): details is string => typeof details === 'string' && details.trim() !== '')
    .at(-1);
}

/** The first error in the cause chain whose `name` is one of `names` (viem errors are recognised by name). */
export function findNamed<T extends Error = Error>(error: unknown, ...names: readonly string[]): T | undefined {
  return findCause(error, (link): link is T => link instanceof Error && names.includes(link.name));
}
