import { LOCAL_UNISWAP_DEPLOYMENT } from './localUniswap';
import type { UniswapDeployment } from './uniswapDeployment';
import { presetUniswapDeployments } from './uniswapDeployments.generated';

/** Every chain Cairn knows Uniswap's contracts on: the local chain, then the presets that have them. */
export const uniswapDeployments: readonly UniswapDeployment[] = [LOCAL_UNISWAP_DEPLOYMENT, ...presetUniswapDeployments];

const byChainId = new Map(uniswapDeployments.map((deployment) => [deployment.chainId, deployment]));

/** Uniswap's contracts on `chainId`, or undefined where Cairn knows of none (Gnosis, custom networks). */
export function uniswapDeploymentFor(chainId: number): UniswapDeployment | undefined {
  return byChainId.get(chainId);
}
