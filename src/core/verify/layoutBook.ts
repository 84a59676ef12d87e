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

/** Where a token's layout is kept: `${chainId}:${token}`, the address in lower case. */
const tokenKey = (chainId: number, token: string) => `${chainId}:${token.toLowerCase()}`;

/** A book held in memory, optionally starting from what was kept before. */
export function memoryLayoutBook(kept: Iterable<[string, { key: string; layout: BalanceLayout }]> = []): LayoutBook {
  const tokens = new Map(kept);
  return {
    forToken: (chainId, token) => tokens.get(tokenKey(chainId, token)),
    keep(chainId, token, key, layout) {
      tokens.set(tokenKey(chainId, token), { key, layout });
    },
    forget(chainId, token) {
      tokens.delete(tokenKey(chainId, token));
    },
  };
}

/** A token's layout as kept: by `${chainId}:${token}`, with the code it was learnt for. */
export type KeptLayout = { key: string; layout: BalanceLayout };

/** Where learnt layouts are kept between visits (IndexedDB: core/storage/layoutDb.ts). */
export type LayoutStore = {
  load(): Promise<[string, KeptLayout][]>;
  save(token: string, kept: KeptLayout): Promise<void>;
  remove(token: string): Promise<void>;
};

/**
 * A book kept in `store` too: loaded once (`ready`; a store that cannot be read starts it empty),
 * each change written through. A write that fails only costs a verified call next visit.
 */
export function keptLayoutBook(store: LayoutStore): LayoutBook & { ready: Promise<void> } {
  const book = memoryLayoutBook();
  const ready = store.load().then(
    (entries) => {
      for (const [token, kept] of entries) {
        const [chainId, address] = token.split(':');
        if (!book.forToken(Number(chainId), address ?? ''))
          book.keep(Number(chainId), address ?? '', kept.key, kept.layout);
      }
    },
    () => undefined,
  );
  return {
    ready,
    forToken: book.forToken,
    keep(chainId, token, key, layout) {
      book.keep(chainId, token, key, layout);
      store.save(tokenKey(chainId, token), { key, layout }).catch(() => undefined);
    },
    forget(chainId, token) {
      book.forget(chainId, token);
      store.remove(tokenKey(chainId, token)).catch(() => undefined);
    },
  };
}

/** A store that opens on first use (IndexedDB's module loads with the first check, not at start). */
export function lazyLayoutStore(open: () => Promise<LayoutStore>): LayoutStore {
  let opened: Promise<LayoutStore> | undefined;
  const store = () => {
    opened ??= open();
    return opened;
  };
  return {
    load: async () => (await store()).load(),
    save: async (token, kept) => (await store()).save(token, kept),
    remove: async (token) => (await store()).remove(token),
  };
}
