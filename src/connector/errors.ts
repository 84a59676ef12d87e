import {
  CONNECTOR_SENTENCES,
  type ConnectorErrorKind,
  codedError,
  type ProviderErrorKind,
} from '../core/dapp/providerErrors';

/** EIP-1193's ProviderRpcError: what every promise of the connector rejects with. */
export type ProviderRpcError = Error & { code: number; data?: unknown };

/**
 * A provider error (providerErrors.ts), or one from the Cairn window or a node, as an Error with
 * its code, message and data: a node's own codes (3 for a revert, -32000…) pass through.
 * Anything without a code and a message becomes the error of `fallback`.
 */
export function toRpcError(value: unknown, fallback: ConnectorErrorKind = 'internal'): ProviderRpcError {
  const { code, message, data } = Object(value) as { code?: unknown; message?: unknown; data?: unknown };
  return Number.isSafeInteger(code) && typeof message === 'string'
    ? Object.assign(new Error(message), { code: code as number, data })
    : fail(fallback);
}

/** The provider error of `kind`: a kind without a sentence of the connector's own needs one. */
export function fail(kind: ConnectorErrorKind, message?: string): ProviderRpcError;
export function fail(kind: ProviderErrorKind, message: string): ProviderRpcError;
export function fail(kind: ProviderErrorKind, message?: string): ProviderRpcError {
  return toRpcError(codedError(kind, message ?? CONNECTOR_SENTENCES[kind as ConnectorErrorKind]));
}
