import type { PortfolioSnapshot } from './portfolio';

/**
 * The last balances and prices read through each node, kept so that Cairn opened without a
 * network (or with the node down) shows what it last knew, marked with its block and age, rather
 * than nothing. Keyed by the node (network and RPC URLs): never shown for another node.
 */
export interface LastKnownPortfolio {
  read(node: string): Promise<PortfolioSnapshot | undefined>;
  save(node: string, snapshot: PortfolioSnapshot): Promise<void>;
}

export function memoryLastKnownPortfolio(): LastKnownPortfolio {
  const kept = new Map<string, PortfolioSnapshot>();
  return {
    read: async (node) => kept.get(node),
    save: async (node, snapshot) => {
      kept.set(node, snapshot);
    },
  };
}

/** One whose storage opens on first use (IndexedDB's module loads with the wallet, not at start). */
export function lazyLastKnownPortfolio(open: () => Promise<LastKnownPortfolio>): LastKnownPortfolio {
  let opened: Promise<LastKnownPortfolio> | undefined;
  const store = () => {
    opened ??= open();
    return opened;
  };
  return {
    read: async (node) => (await store()).read(node),
    save: async (node, snapshot) => (await store()).save(node, snapshot),
  };
}
