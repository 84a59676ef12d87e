/**
 * Whether two words are the same letters, case aside: a scheme, a parameter's name, a network's id,
 * a word typed back. Addresses have sameAddress, hashes and calldata sameHex.
 */
export function sameWord(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
}
