// Where swapping is possible, and through which tokens.
import type { Address } from 'viem';
import { listedTokens } from '../assets/catalogue';
import { LOCAL_CHAIN_ID } from '../chain/localChain';
import { LOCAL_UNISWAP_DEPLOYMENT } from '../chain/localUniswap';
import { isLocalL1, type Network } from '../chain/networks';
import type { UniswapDeployment } from '../chain/uniswapDeployment';
import { uniswapDeploymentFor } from '../chain/uniswapDeployments';

/**
 * Uniswap's contracts on `network`, or undefined where there are none Cairn knows of. Another
 * chain with the local chain's id is not the local chain: it has none.
 */
export function swapDeploymentFor(network: Network): UniswapDeployment | undefined {
  if (isLocalL1(network)) return LOCAL_UNISWAP_DEPLOYMENT;
  if (network.chainId === LOCAL_CHAIN_ID || network.kind === 'local') return undefined;
  return uniswapDeploymentFor(network.chainId);
}

/** The main tokens routes may pass through, beside the wrapped coin. */
export const HUB_SYMBOLS: readonly string[] = ['USDC', 'USDT', 'DAI'];

/** The wrapped coin and the network's listed USDC, USDT and DAI. */
export function swapHubs(network: Network, deployment: UniswapDeployment): Address[] {
  const listed = listedTokens(network).filter((token) => HUB_SYMBOLS.includes(token.symbol));
  return [deployment.wrappedNative, ...listed.map((token) => token.address)];
}
