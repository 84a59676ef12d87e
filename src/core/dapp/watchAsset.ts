import type { TokenMetadata } from '../assets/tokenMetadata';

/**
 * Where what a site said about a token (wallet_watchAsset, EIP-747) differs from what its contract
 * says: one sentence each. Cairn keeps the contract's; a site that misstates them may be trying
 * to pass one token off as another.
 */
export function claimMismatches(claimed: { symbol?: string; decimals?: number }, read: TokenMetadata): string[] {
  const out: string[] = [];
  if (claimed.symbol !== undefined && claimed.symbol !== read.symbol)
    out.push(`The site calls it ${claimed.symbol}; the contract says ${read.symbol}.`);
  if (claimed.decimals !== undefined && read.decimals !== undefined && claimed.decimals !== read.decimals)
    out.push(`The site says ${claimed.decimals} decimals; the contract says ${read.decimals}.`);
  return out;
}
