/**
 * The errors a dApp receives from Cairn's EIP-1193 provider: EIP-1193's provider codes and
 * EIP-1474's JSON-RPC codes, each with a sentence a developer (and, shown by the dApp, a person)
 * can act on. Plain objects, so they cross postMessage and a MessagePort unchanged.
 */
export const PROVIDER_ERROR_CODES = {
  /** EIP-1193: the person said no, or closed the window. */
  userRejected: 4001,
  /** EIP-1193: the site has no permission for this (not connected, or that account). */
  unauthorized: 4100,
  /** EIP-1193: Cairn does not offer this method. */
  unsupportedMethod: 4200,
  /** EIP-1193: no channel to the wallet. */
  disconnected: 4900,
  /** EIP-1193: not connected to the requested chain. */
  chainDisconnected: 4901,
  /** EIP-3326: the chain is unknown to Cairn; add it first (wallet_addEthereumChain). */
  unrecognizedChain: 4902,
  /** EIP-1474: the request is not valid JSON-RPC (no method, wrong shape). */
  invalidRequest: -32600,
  /** EIP-1474: the parameters are missing or of the wrong type. */
  invalidParams: -32602,
  /** EIP-1474: Cairn failed inside. */
  internal: -32603,
  /** EIP-1474: too many requests from this site; try again later. */
  limitExceeded: -32005,
  /** EIP-5792: a capability the request does not mark optional is not one Cairn offers. */
  unsupportedCapability: 5700,
  /** EIP-5792: the batch names another chain than the site's. */
  unsupportedChainId: 5710,
  /** EIP-5792: a batch with this id was already sent. */
  duplicateId: 5720,
  /** EIP-5792: no batch with this id. */
  unknownBundleId: 5730,
  /** EIP-5792: atomic execution was required; Cairn sends calls one by one. */
  atomicityNotSupported: 5760,
} as const;

export type ProviderErrorKind = keyof typeof PROVIDER_ERROR_CODES;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[ProviderErrorKind];

/** What the dApp's promise rejects with: EIP-1193's `ProviderRpcError` shape. */
export type ProviderError = { code: ProviderErrorCode; message: string; data?: unknown };

/**
 * The sentences of the errors the connector raises itself. It ships them to every page of every
 * site that offers Cairn, so they are few and short; the window's own are in SENTENCES.
 */
export const CONNECTOR_SENTENCES = {
  userRejected: 'The person declined in Cairn.',
  unauthorized: 'Not connected to Cairn, or not to that account: ask with eth_requestAccounts first.',
  disconnected: 'Cairn’s window was closed or could not open.',
  internal: 'Cairn failed to answer.',
  duplicateId: 'A batch with this id was already sent.',
  unknownBundleId: 'Cairn knows no batch with that id.',
} as const;

export type ConnectorErrorKind = keyof typeof CONNECTOR_SENTENCES;

const SENTENCES: Record<ProviderErrorKind, string> = {
  ...CONNECTOR_SENTENCES,
  unsupportedMethod: 'Cairn does not offer this method.',
  chainDisconnected: 'Cairn is not connected to the chain this request needs.',
  unrecognizedChain: 'Cairn does not know this chain: add it with wallet_addEthereumChain first.',
  invalidRequest: 'The request is not valid: it needs a method name (a string) and, optionally, params.',
  invalidParams: 'The request’s parameters are missing or of the wrong type.',
  limitExceeded: 'This site sent too many requests: wait a moment and try again.',
  unsupportedCapability: 'Cairn offers no capabilities for a batch: mark each one optional.',
  unsupportedChainId: 'The batch is for another chain than the site’s: switch first.',
  atomicityNotSupported: 'Cairn sends a batch’s calls one by one, not atomically (atomicRequired must be false).',
};

/** The error of `kind` with this very sentence: what code shipped in the connector uses (no sentence table). */
export function codedError(kind: ProviderErrorKind, message: string, data?: unknown): ProviderError {
  const error: ProviderError = { code: PROVIDER_ERROR_CODES[kind], message };
  if (data !== undefined) error.data = data;
  return error;
}

/** The error of `kind`, with a more precise sentence where the caller has one. */
export function providerError(kind: ProviderErrorKind, message?: string, data?: unknown): ProviderError {
  return codedError(kind, message ?? SENTENCES[kind], data);
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
