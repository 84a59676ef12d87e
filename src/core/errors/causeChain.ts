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

/** Every message and `details` text along the cause chain, joined: what pattern tables match against. */
export function causeText(error: unknown): string {
  return causeChain(error)
    .flatMap((link) => {
      if (typeof link === 'string') return [link];
      if (typeof link !== 'object' || link === null) return [];
      const { message, details, shortMessage } = link as {
        message?: unknown;
        details?: unknown;
        shortMessage?: unknown;
      };
      return [message, shortMessage, details].filter((part): part is string => typeof part === 'string' && part !== '');
    })
    .join(' ');
}
