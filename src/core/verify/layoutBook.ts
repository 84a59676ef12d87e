import type { BalanceLayout } from './balanceLayouts';

/**
 * The balance layouts Cairn has learnt, per token and the code it had then (tokenCodeKey: its code
 * hash and, behind a proxy, the implementation), so a token's slots go in the first request of the
 * next check. Not shared between tokens of the same code: a proxy keeping its implementation
 * where Cairn does not look would lend one token another's layout.
 */
export type LayoutBook = {
  forToken(chainId: number, token: string): { key: string; layout: BalanceLayout } | undefined;
  keep(chainId: number, token: string, key: string, layout: BalanceLayout): void;
  /** The token's code changed, or its layout was not borne out: learn it again. */
  forget(chainId: number, token: string): void;
};

/** A book held in memory, optionally starting from what was kept before. */
export function memoryLayoutBook(
  kept: Iterable<[string, { key: string; layout: BalanceLayout }]> = [],
): LayoutBook & { entries(): [string, { key: string; layout: BalanceLayout }][] } {
  const tokens = new Map(kept);
  const tokenKey = (chainId: number, token: string) => `${chainId}:${token.toLowerCase()}`;
  return {
    forToken: (chainId, token) => tokens.get(tokenKey(chainId, token)),
    keep(chainId, token, key, layout) {
      tokens.set(tokenKey(chainId, token), { key, layout });
    },
    forget(chainId, token) {
      tokens.delete(tokenKey(chainId, token));
    },
    entries: () => [...tokens],
  };
}
