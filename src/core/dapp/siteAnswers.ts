// The answers the connector and Cairn's window both give at once, from what a site was granted:
// the connector's part of the method table (methodTable.ts). connect.js carries this file to every
// dApp page, so it imports only the protocol's own files and stays small; the rarely asked
// answers are in rareSiteAnswers.ts, which connect.js loads only when first needed.
import { type CallsStatus, type HexChainId, type SiteGrant, toHexChainId } from './protocol';
import { CONNECTOR_SENTENCES, codedError, type ProviderError } from './providerErrors';

/** What a site may learn now, as the side answering it knows it. */
export type SiteView = {
  /** What the site was granted now; undefined (or no accounts) while it is not connected. */
  grant(): SiteGrant | undefined;
  /** The site's chain now: in the window, undefined for a site not connected whose connector named none. */
  chainId(): HexChainId | undefined;
  /** The site's origin (the invoker of its permission). */
  origin: string;
  /** The site's batches (wallet_sendCalls) by id, as it last heard of them. */
  calls: { get(id: unknown): CallsStatus | undefined };
  /** Moves the site to `chainId` without asking, when it may already use that chain: false otherwise. */
  moveTo(chainId: HexChainId): boolean;
};

/** An answer given at once; undefined from an answerer: the request goes on (to the window, or the person). */
export type SiteAnswer = { result: unknown } | { error: ProviderError };

export type SiteAnswerer = (view: SiteView, params: readonly unknown[]) => SiteAnswer | undefined;

/** The error with `code` and the connector's own sentence for it. */
export const connectorError = (code: keyof typeof CONNECTOR_SENTENCES): { error: ProviderError } => ({
  error: codedError(code, CONNECTOR_SENTENCES[code]),
});

/**
 * The one reading of a chain id a site gives (wallet_switchEthereumChain, wallet_addEthereumChain, a
 * transaction's or a batch's chainId): hex, 0x and 1 to 13 digits, not zero. Undefined otherwise.
 */
export function chainIdParam(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,13}$/.test(value)) return undefined;
  return Number.parseInt(value, 16) || undefined;
}

/** The answers from the grant that connect.js carries itself. */
export const SITE_ANSWERS = {
  eth_accounts: (view) => ({ result: view.grant()?.accounts ?? [] }),
  // No chain (a window asked by a site not connected whose connector named none): the table's refusal.
  eth_chainId: (view) => {
    const chainId = view.chainId();
    return chainId && { result: chainId };
  },
  net_version: (view) => {
    const chainId = view.chainId();
    return chainId && { result: BigInt(chainId).toString() };
  },
  // A chain the site may already use: switched at once. Any other (or no readable id): the window asks.
  wallet_switchEthereumChain: (view, [target]) => {
    const chainId = chainIdParam(Object(target).chainId);
    return chainId && view.moveTo(toHexChainId(chainId)) ? { result: null } : undefined;
  },
} satisfies Record<string, SiteAnswerer>;

export type SiteAnswered = keyof typeof SITE_ANSWERS;

/** The answers from the grant connect.js loads when first asked (rareSiteAnswers.ts). */
export const RARE_ANSWERED = ['wallet_getPermissions', 'wallet_getCapabilities', 'wallet_getCallsStatus'] as const;
