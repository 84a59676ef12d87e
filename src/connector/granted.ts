import { type HexChainId, type SiteGrant, toHexChainId } from '../core/dapp/protocol';
import { UNAUTHORIZED } from '../core/dapp/providerErrors';
import { fail } from './errors';

// Answers the connector gives from what Cairn granted the site, without a window.

/** EIP-2255: the permission a connected site holds, or none. */
export const permissions = (grant: SiteGrant | undefined, invoker: string) =>
  grant?.accounts.length
    ? [
        {
          parentCapability: 'eth_accounts',
          invoker,
          caveats: [{ type: 'restrictReturnedAccounts', value: grant.accounts }],
        },
      ]
    : [];

/** EIP-5792 for `[address, chainIds?]`: on every granted chain Cairn sends a batch's calls one by one. */
export function capabilities(grant: SiteGrant | undefined, [address, wanted]: unknown[]) {
  if (!grant?.accounts.some((account) => account.toLowerCase() === String(address).toLowerCase()))
    throw fail(UNAUTHORIZED);
  const result: Record<string, unknown> = {};
  for (const id in grant.chains)
    if (!Array.isArray(wanted) || wanted.includes(id)) result[id] = { atomic: { status: 'unsupported' } };
  return result;
}

/** The granted chain wallet_switchEthereumChain asks for, or undefined when the person must be asked. */
export function grantedSwitch(grant: SiteGrant | undefined, [target]: unknown[]): HexChainId | undefined {
  const chainId = toHexChainId(Number(Object(target).chainId));
  return Array.isArray(grant?.chains[chainId]) ? chainId : undefined;
}
