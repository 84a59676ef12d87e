/**
 * The errors a dApp receives from Cairn's EIP-1193 provider: EIP-1193's provider codes and
 * EIP-1474's JSON-RPC codes, each with a sentence a developer (and, shown by the dApp, a person)
 * can act on. Plain objects, so they cross postMessage and a MessagePort unchanged.
 *
 * The sentences here (and those of request.ts, personRequests.ts and connection.ts) stay in
 * English, not in the catalogs: they are protocol text for the site's code and its developer
 * (they name methods, params and EIPs), the site's code reads the `code`, and the connector's own,
 * which ship to every page, cannot load a catalog. What Cairn says to the person is in its window.
 *
 * Each code is a constant of its own so the connector, which ships to every dApp page, carries
 * only the numbers it uses (inlined), not the table.
 */

/** EIP-1193: the person said no, or closed the window. */
export const USER_REJECTED = 4001;
/** EIP-1193: the site has no permission for this (not connected, or that account). */
export const UNAUTHORIZED = 4100;
/** EIP-1193: Cairn does not offer this method. */
export const UNSUPPORTED_METHOD = 4200;
/** EIP-1193: no channel to the wallet. */
export const DISCONNECTED = 4900;
/** EIP-1193: not connected to the requested chain. */
export const CHAIN_DISCONNECTED = 4901;
/** EIP-3326: the chain is unknown to Cairn; add it first (wallet_addEthereumChain). */
export const UNRECOGNIZED_CHAIN = 4902;
/** EIP-1474: the request is not valid JSON-RPC (no method, wrong shape). */
export const INVALID_REQUEST = -32600;
/** EIP-1474: the parameters are missing or of the wrong type. */
export const INVALID_PARAMS = -32602;
/** EIP-1474: Cairn failed inside. */
export const INTERNAL = -32603;
/** EIP-1474: too many requests from this site; try again later. */
export const LIMIT_EXCEEDED = -32005;
/** EIP-5792: a capability the request does not mark optional is not one Cairn offers. */
export const UNSUPPORTED_CAPABILITY = 5700;
/** EIP-5792: the batch names another chain than the site's. */
export const UNSUPPORTED_CHAIN_ID = 5710;
/** EIP-5792: a batch with this id was already sent. */
export const DUPLICATE_ID = 5720;
/** EIP-5792: no batch with this id. */
export const UNKNOWN_BUNDLE_ID = 5730;
/** EIP-5792: the batch has more calls than Cairn sends in one. */
export const BATCH_TOO_LARGE = 5740;
/** EIP-5792: the batch needed the account upgraded to a smart account, and the person declined the upgrade. */
export const ATOMIC_UPGRADE_REJECTED = 5750;
/** EIP-5792: atomic execution was required, and Cairn cannot give it for this account, chain or batch. */
export const ATOMICITY_NOT_SUPPORTED = 5760;

/** Every code by the name the wallet uses for it. */
export const PROVIDER_ERROR_CODES = {
  userRejected: USER_REJECTED,
  unauthorized: UNAUTHORIZED,
  unsupportedMethod: UNSUPPORTED_METHOD,
  disconnected: DISCONNECTED,
  chainDisconnected: CHAIN_DISCONNECTED,
  unrecognizedChain: UNRECOGNIZED_CHAIN,
  invalidRequest: INVALID_REQUEST,
  invalidParams: INVALID_PARAMS,
  internal: INTERNAL,
  limitExceeded: LIMIT_EXCEEDED,
  unsupportedCapability: UNSUPPORTED_CAPABILITY,
  unsupportedChainId: UNSUPPORTED_CHAIN_ID,
  duplicateId: DUPLICATE_ID,
  unknownBundleId: UNKNOWN_BUNDLE_ID,
  batchTooLarge: BATCH_TOO_LARGE,
  atomicUpgradeRejected: ATOMIC_UPGRADE_REJECTED,
  atomicityNotSupported: ATOMICITY_NOT_SUPPORTED,
} as const;

export type ProviderErrorKind = keyof typeof PROVIDER_ERROR_CODES;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[ProviderErrorKind];

/** What the dApp's promise rejects with: EIP-1193's `ProviderRpcError` shape. */
export type ProviderError = { code: ProviderErrorCode; message: string; data?: unknown };

/**
 * The sentences of the errors the connector raises itself, by code. It ships them to every page of
 * every site that offers Cairn, so they are few and short; the window's own are in SENTENCES.
 */
export const CONNECTOR_SENTENCES = {
  [USER_REJECTED]: 'The person declined in Cairn.',
  [UNAUTHORIZED]: 'Not connected to that account: ask with eth_requestAccounts first.',
  [DISCONNECTED]: 'Cairn’s window was closed or could not open.',
  [INTERNAL]: 'Cairn failed to answer.',
  [DUPLICATE_ID]: 'A batch with this id was already sent.',
  [UNKNOWN_BUNDLE_ID]: 'Cairn knows no batch with that id.',
} as const;

export type ConnectorErrorCode = keyof typeof CONNECTOR_SENTENCES;

const SENTENCES: Record<ProviderErrorKind, string> = {
  userRejected: CONNECTOR_SENTENCES[USER_REJECTED],
  unauthorized: CONNECTOR_SENTENCES[UNAUTHORIZED],
  disconnected: CONNECTOR_SENTENCES[DISCONNECTED],
  internal: CONNECTOR_SENTENCES[INTERNAL],
  duplicateId: CONNECTOR_SENTENCES[DUPLICATE_ID],
  unknownBundleId: CONNECTOR_SENTENCES[UNKNOWN_BUNDLE_ID],
  unsupportedMethod: 'Cairn does not offer this method.',
  chainDisconnected: 'Cairn is not connected to the chain this request needs.',
  unrecognizedChain: 'Cairn does not know this chain: add it with wallet_addEthereumChain first.',
  invalidRequest: 'The request is not valid: it needs a method name (a string) and, optionally, params.',
  invalidParams: 'The request’s parameters are missing or of the wrong type.',
  limitExceeded: 'This site sent too many requests: wait a moment and try again.',
  unsupportedCapability: 'Cairn offers no capabilities for a batch: mark each one optional.',
  unsupportedChainId: 'The batch is for another chain than the site’s: switch first.',
  batchTooLarge: 'Cairn sends at most 20 calls in one batch.',
  atomicUpgradeRejected:
    'The person declined to upgrade the account to a smart account (EIP-7702), which running the batch atomically needs: nothing was sent.',
  atomicityNotSupported:
    'Cairn cannot run this batch atomically for this account on this chain (see wallet_getCapabilities): send it with atomicRequired false.',
};

/** The error with `code` and this very sentence: what code shipped in the connector uses (no tables). */
export function codedError(code: ProviderErrorCode, message: string, data?: unknown): ProviderError {
  const error: ProviderError = { code, message };
  if (data !== undefined) error.data = data;
  return error;
}

/** The error of `kind`, with a more precise sentence where the caller has one. */
export function providerError(kind: ProviderErrorKind, message?: string, data?: unknown): ProviderError {
  return codedError(PROVIDER_ERROR_CODES[kind], message ?? SENTENCES[kind], data);
}

/** Whether a value received over the channel is a provider error Cairn would send. */
export function isProviderError(value: unknown): value is ProviderError {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as { code?: unknown; message?: unknown };
  return (
    typeof code === 'number' &&
    Object.values(PROVIDER_ERROR_CODES).includes(code as never) &&
    typeof message === 'string'
  );
}
