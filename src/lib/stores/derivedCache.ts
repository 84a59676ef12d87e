/**
 * Values derived from a list, kept as long as the list itself (a WeakMap on its identity): a screen
 * that opens again on the same history finds its entries, filtered list and rows already made,
 * instead of walking 100,000 items again. `key` names the derivation and every other input it
 * read (a filter, a locale); inputs that are objects go in `alsoSame`, compared by identity.
 */
const KEPT_PER_LIST = 16;
const cache = new WeakMap<object, Map<string, { alsoSame: readonly unknown[]; value: unknown }>>();

export function derivedFrom<T>(list: object, key: string, alsoSame: readonly unknown[], make: () => T): T {
  let values = cache.get(list);
  if (!values) {
    values = new Map();
    cache.set(list, values);
  }
  const kept = values.get(key);
  if (kept && kept.alsoSame.length === alsoSame.length && kept.alsoSame.every((v, i) => v === alsoSame[i]))
    return kept.value as T;
  const value = make();
  // Newest last; a search typed letter by letter makes a key per letter, so only the last few stay.
  values.delete(key);
  values.set(key, { alsoSame, value });
  if (values.size > KEPT_PER_LIST) values.delete(values.keys().next().value as string);
  return value;
}
