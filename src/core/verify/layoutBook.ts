import type { BalanceLayout } from './balanceLayouts';

/**
 * The balance layouts Cairn has found, kept per contract code (tokenCodeKey) and remembered per
 * token, so a token's slots go in the first request of the next check.
 */
export type LayoutBook = {
  forToken(chainId: number, token: string): { key: string; layout: BalanceLayout } | undefined;
  forCode(key: string): BalanceLayout | undefined;
  keep(chainId: number, token: string, key: string, layout: BalanceLayout): void;
  /** The token's code changed (a proxy upgraded) to code with no layout yet: probe it again. */
  forget(chainId: number, token: string): void;
};

/** A book held in memory, optionally starting from what was kept before. */
export function memoryLayoutBook(
  kept: { codes?: Iterable<[string, BalanceLayout]>; tokens?: Iterable<[string, string]> } = {},
): LayoutBook & { entries(): { codes: [string, BalanceLayout][]; tokens: [string, string][] } } {
  const codes = new Map(kept.codes ?? []);
  const tokens = new Map(kept.tokens ?? []);
  const tokenKey = (chainId: number, token: string) => `${chainId}:${token.toLowerCase()}`;
  return {
    forToken(chainId, token) {
      const key = tokens.get(tokenKey(chainId, token));
      const layout = key === undefined ? undefined : codes.get(key);
      return key !== undefined && layout ? { key, layout } : undefined;
    },
    forCode: (key) => codes.get(key),
    keep(chainId, token, key, layout) {
      codes.set(key, layout);
      tokens.set(tokenKey(chainId, token), key);
    },
    forget(chainId, token) {
      tokens.delete(tokenKey(chainId, token));
    },
    entries: () => ({ codes: [...codes], tokens: [...tokens] }),
  };
}
