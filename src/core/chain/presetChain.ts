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
  /** OP Stack GasPriceOracle (L1 data fee), on OP Stack rollups (checksummed). */
  l1FeeOracle: string | null;
};
