import type { Network } from '@/core/chain/networks';

/**
 * The words of Home's notice that it shows only the selected account: the RPC is not one the
 * person chose; or, for a network saved before Cairn recorded who chose its RPC, that it cannot
 * tell (the person may well have typed it) and where to allow all accounts if they did.
 */
export function oneAccountNoticeId(
  network: Pick<Network, 'rpcFrom'>,
): 'portfolio:home.oneAccount' | 'portfolio:home.oneAccountUnrecorded' {
  return network.rpcFrom === 'unrecorded' ? 'portfolio:home.oneAccountUnrecorded' : 'portfolio:home.oneAccount';
}
