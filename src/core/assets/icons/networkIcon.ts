// Which bundled icon a network shows, by chain id; apart from the token icons' table because the
// network chip is on the first screen. Written by `npm run generate:icons`.
import type { Network } from '../../chain/networks';
import { NETWORK_ICONS, type NetworkIconName } from './networkIcons.generated';

export type { NetworkIconName };

/**
 * The bundled icon of the local chain or a preset network, or undefined. A network the person
 * added has none, even on a preset's chain id, so it is not taken for the built-in one.
 */
export function networkIconName(network: Pick<Network, 'kind' | 'chainId'>): NetworkIconName | undefined {
  if (network.kind === 'custom' || !Object.hasOwn(NETWORK_ICONS, network.chainId)) return undefined;
  return NETWORK_ICONS[network.chainId];
}
