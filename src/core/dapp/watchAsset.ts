import type { TokenMetadata } from '../assets/tokenMetadata';
import { type Message, msg, untrustedValue } from '../i18n/message';

/**
 * Where what a site said about a token (wallet_watchAsset, EIP-747) differs from what its contract
 * says: one sentence each. Cairn keeps the contract's; a site that misstates them may be trying
 * to pass one token off as another.
 */
export function claimMismatches(claimed: { symbol?: string; decimals?: number }, read: TokenMetadata): Message[] {
  const out: Message[] = [];
  if (claimed.symbol !== undefined && claimed.symbol !== read.symbol)
    out.push(
      msg('core.contracts:watchAsset.symbol', {
        claimed: untrustedValue(claimed.symbol, 'symbol'),
        read: untrustedValue(read.symbol, 'symbol'),
      }),
    );
  if (claimed.decimals !== undefined && read.decimals !== undefined && claimed.decimals !== read.decimals)
    out.push(msg('core.contracts:watchAsset.decimals', { claimed: claimed.decimals, read: read.decimals }));
  return out;
}
