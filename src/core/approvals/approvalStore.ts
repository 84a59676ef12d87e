import type { Address, Hex } from 'viem';
import type { ApprovalEvent } from './approvalEvents';

/** The key of an owner's events and scan state on a chain. */
export const ownerKey = (chainId: number, owner: Address) => `${chainId}:${owner.toLowerCase()}`;

/** How far an owner's approval events are read on a chain. */
export type ApprovalScanState = {
  chainId: number;
  owner: Address;
  /** The head at the last scan and its hash (another hash there means a reorganisation). */
  headNumber: bigint;
  headHash: Hex;
  /** Events are complete up to this block; `logSpan` is the range the node last accepted. */
  logsTo: bigint;
  logSpan: bigint;
};

/**
 * An owner's approval events per chain (memory in tests; IndexedDB in the app). replace() swaps
 * the events from a block on and the scan state together, so a reorganisation leaves no ghosts.
 */
export interface ApprovalStore {
  events(chainId: number, owner: Address): Promise<ApprovalEvent[]>;
  state(chainId: number, owner: Address): Promise<ApprovalScanState | undefined>;
  replace(args: { state: ApprovalScanState; fromBlock: bigint; events: readonly ApprovalEvent[] }): Promise<void>;
}

export function memoryApprovalStore(): ApprovalStore {
  const events = new Map<string, ApprovalEvent[]>();
  const states = new Map<string, ApprovalScanState>();
  return {
    events: async (chainId, owner) => [...(events.get(ownerKey(chainId, owner)) ?? [])],
    state: async (chainId, owner) => states.get(ownerKey(chainId, owner)),
    async replace({ state, fromBlock, events: added }) {
      const key = ownerKey(state.chainId, state.owner);
      const kept = (events.get(key) ?? []).filter((event) => event.blockNumber < fromBlock);
      events.set(key, [...kept, ...added]);
      states.set(key, state);
    },
  };
}

/** A store that loads its code (and opens its IndexedDB stores) at first use. */
export function lazyApprovalStore(load: () => Promise<ApprovalStore>): ApprovalStore {
  let loaded: Promise<ApprovalStore> | undefined;
  const store = () => {
    loaded ??= load();
    return loaded;
  };
  return {
    events: async (chainId, owner) => (await store()).events(chainId, owner),
    state: async (chainId, owner) => (await store()).state(chainId, owner),
    replace: async (args) => (await store()).replace(args),
  };
}
