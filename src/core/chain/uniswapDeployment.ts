import type { Address, Hex } from 'viem';

/**
 * The UniversalRouter releases Cairn's swap encoder writes for. 2.1.1 and later append a field to
 * the V3 swap inputs that the encoder does not write, so they are not listed.
 */
export type UniversalRouterVersion = '2.0' | '2.1.0';

/** Uniswap's contracts on one chain (generated for the presets; hand-written for the local chain). */
export type UniswapDeployment = {
  chainId: number;
  /** WETH9 or the chain's equivalent (WBNB, WPOL, WAVAX): what the router wraps the native coin into. */
  wrappedNative: Address;
  v3Factory: Address;
  /** keccak256 of UniswapV3Pool's creation code, from which pool addresses follow (CREATE2). */
  v3PoolInitCodeHash: Hex;
  quoterV2: Address;
  universalRouter: Address;
  universalRouterVersion: UniversalRouterVersion;
  permit2: Address;
  /** v4's singleton and its lenses, where Uniswap publishes them. */
  v4: { poolManager: Address; quoter: Address; stateView: Address } | null;
  /** Where each address was read: package@version, file inside its tarball, licence. */
  sources: string[];
};
