import type { Address, Hex } from 'viem';
import type { Network } from '../chain/networks';
import type { ActivityItem, ActivitySource, NATIVE_ITEM_SOURCES } from './item';

/** Where native history comes from on a network: a block scan (local chain), the user's explorer, or nowhere. */
export type NativeSource = (typeof NATIVE_ITEM_SOURCES)[number] | 'none';

/** Where native history comes from on this network: the person's explorer, else a block scan on the local chain. */
export function nativeSourceFor(network: Network, explorerConfigured: boolean): NativeSource {
  if (explorerConfigured) return 'explorer';
  return network.kind === 'local' ? 'scan' : 'none';
}

/** How far an account's history is synced on a chain, per source. */
export type SyncState = {
  /** `${chainId}:${account lowercase}`. */
  key: string;
  chainId: number;
  account: Address;
  /** The head at the last sync and its hash (a different hash there means a reorganisation). */
  headNumber: bigint;
  headHash: Hex;
  /** Token transfers from logs are complete up to this block; `logSpan` is the range the node last accepted. */
  logsTo: bigint;
  logSpan: bigint;
  /** Native history is complete up to this block from `native` (reset when the source changes). */
  nativeSource: NativeSource;
  nativeTo: bigint;
};

/**
 * An account's synced history per chain (IndexedDB in the app, memory in tests). Damaged stored
 * items are skipped on read; replace() swaps a block range atomically, so a reorganisation never
 * leaves items of both the old and the new chain.
 */
export interface ActivityStore {
  /** Every readable item of an account on a chain, in no particular order. */
  items(chainId: number, account: Address): Promise<ActivityItem[]>;
  /**
   * Deletes the account's items of `sources` from `fromBlock` on, then stores `items`, in one
   * transaction. Resolves true when that changed which items there are (or their blocks).
   */
  replace(args: {
    chainId: number;
    account: Address;
    fromBlock: bigint;
    sources: readonly ActivitySource[];
    items: readonly ActivityItem[];
  }): Promise<boolean>;
  state(chainId: number, account: Address): Promise<SyncState | undefined>;
  saveState(state: SyncState): Promise<void>;
}

export function syncKey(chainId: number, account: Address): string {
  return `${chainId}:${account.toLowerCase()}`;
}

/** An item's identity and block, for telling whether a replacement changed anything. */
export const placed = (id: string, blockNumber: bigint | string) => `${id}@${blockNumber}`;

/** False when both lists hold the same entries. */
export function sameSet(before: readonly string[], after: readonly string[]): boolean {
  if (before.length !== after.length) return true;
  const seen = new Set(before);
  return after.some((entry) => !seen.has(entry));
}

export function memoryActivityStore(): ActivityStore {
  const items = new Map<string, ActivityItem>();
  const states = new Map<string, SyncState>();
  return {
    async items(chainId, account) {
      const key = syncKey(chainId, account);
      return [...items.values()].filter((i) => syncKey(i.chainId, i.account) === key).map((i) => structuredClone(i));
    },
    async replace({ chainId, account, fromBlock, sources, items: fresh }) {
      const key = syncKey(chainId, account);
      const removed: string[] = [];
      for (const [id, item] of items)
        if (
          syncKey(item.chainId, item.account) === key &&
          item.blockNumber >= fromBlock &&
          sources.includes(item.source)
        ) {
          removed.push(placed(item.id, item.blockNumber));
          items.delete(id);
        }
      for (const item of fresh) items.set(item.id, structuredClone(item));
      return sameSet(
        removed,
        fresh.map((i) => placed(i.id, i.blockNumber)),
      );
    },
    async state(chainId, account) {
      const state = states.get(syncKey(chainId, account));
      return state && structuredClone(state);
    },
    async saveState(state) {
      states.set(state.key, structuredClone(state));
    },
  };
}

/**
 * An activity store whose implementation loads on first use, keeping the history's storage code
 * out of the first screen's bundle.
 */
export function lazyActivityStore(load: () => Promise<ActivityStore>): ActivityStore {
  let loaded: Promise<ActivityStore> | undefined;
  const store = () => {
    loaded ??= load();
    return loaded;
  };
  return {
    items: async (chainId, account) => (await store()).items(chainId, account),
    replace: async (args) => (await store()).replace(args),
    state: async (chainId, account) => (await store()).state(chainId, account),
    saveState: async (state) => (await store()).saveState(state),
  };
}
