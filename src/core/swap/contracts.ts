import type { Address, Hex } from 'viem';

/** The Uniswap contracts a swap reads and calls on one network. */
export type SwapContracts = {
  wrappedNative: Address;
  v3Factory: Address;
  v3PoolInitCodeHash: Hex;
  quoterV2: Address;
  universalRouter: Address;
  permit2: Address;
  /** v4's pool manager, where known: only to foresee what a checked quote reads (quoteHint.ts). */
  v4: { quoter: Address; stateView: Address; poolManager?: Address } | null;
};
