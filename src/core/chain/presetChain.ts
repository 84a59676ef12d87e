import type { FeeFamily, MulticallDeployment } from './networkFacts';

/** The chain data Cairn keeps for each preset network (generated from viem/chains). */
export type PresetChain = {
  id: string;
  name: string;
  chainId: number;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  explorerUrl: string | null;
  testnet: boolean;
  blockTimeMs: number;
  /** ENS Universal Resolver, on chains with ENS (checksummed). */
  ensUniversalResolver: string | null;
  /** How its fees are made up (oracle addresses checksummed). */
  feeFamily: FeeFamily;
  /** The chain it settles on (viem's `sourceId`, or declared in the generator's source list). */
  parentChainId: number | null;
  /** Its Multicall3 where viem puts it away from the canonical address (checksummed). */
  multicall: MulticallDeployment | null;
};
