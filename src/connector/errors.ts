import {
  CONNECTOR_SENTENCES,
  type ConnectorErrorCode,
  codedError,
  INTERNAL,
  type ProviderErrorCode,
} from '../core/dapp/providerErrors';

/** EIP-1193's ProviderRpcError: what every promise of the connector rejects with. */
export type ProviderRpcError = Error & { code: number; data?: unknown };

/**
 * A provider error (providerErrors.ts), or one from the Cairn window or a node, as an Error with
 * its code, message and data: a node's own codes (3 for a revert, -32000…) pass through.
 * Anything without a code and a message becomes the error of `fallback`.
 */
export function toRpcError(value: unknown, fallback: ConnectorErrorCode = INTERNAL): ProviderRpcError {
  const { code, message, data } = Object(value) as { code?: unknown; message?: unknown; data?: unknown };
  return Number.isSafeInteger(code) && typeof message === 'string'
    ? Object.assign(new Error(message), { code: code as number, data })
    : fail(fallback);
}

/** The provider error with `code`: a code without a sentence of the connector's own needs one. */
export function fail(code: ConnectorErrorCode, message?: string): ProviderRpcError;
export function fail(code: ProviderErrorCode, message: string): ProviderRpcError;
export function fail(code: ProviderErrorCode, message?: string): ProviderRpcError {
  return toRpcError(codedError(code, message ?? CONNECTOR_SENTENCES[code as ConnectorErrorCode]));
}
