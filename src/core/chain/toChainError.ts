import { BaseError } from 'viem';
import { isCairnError, toSafeDetails } from '../errors/base';
import { ChainError, RevertedError } from '../errors/chain';
import { decodeRevertData, findRevertData } from './revertData';

/**
 * Viem error classes are recognised by name rather than `instanceof`, so mapping errors does not
 * pull every error class (and the ABI code they need) into the first-screen bundle.
 */
type NamedError = Error & { status?: number; url?: string; reason?: string; data?: { errorName?: string } };

function findByName(error: unknown, ...names: string[]): NamedError | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 20; depth++) {
    if (names.includes(current.name)) return current as NamedError;
    current = current.cause;
  }
  return undefined;
}

/**
 * The one place where failures from the chain client become Cairn's typed errors, each with a
 * sentence a person can act on. `rpcUrl` names the node, for messages such as "unreachable".
 *
 * Codes: CHAIN_UNREACHABLE, CHAIN_TIMEOUT, CHAIN_RATE_LIMITED, CHAIN_NODE_ERROR,
 * CHAIN_MALFORMED_RESPONSE, CHAIN_METHOD_UNSUPPORTED, CHAIN_INSUFFICIENT_FUNDS,
 * CHAIN_NONCE_TOO_LOW, CHAIN_REPLACEMENT_UNDERPRICED, CHAIN_REVERTED, CHAIN_RPC_ERROR.
 */
export function toChainError(error: unknown, rpcUrl?: string): ChainError {
  if (error instanceof ChainError) return error;
  if (isCairnError(error)) return new ChainError('CHAIN_RPC_ERROR', error.shortMessage, { rpcUrl, cause: error });

  const details = toSafeDetails(error);
  const http = findByName(error, 'HttpRequestError');
  const base = { rpcUrl: rpcUrl ?? http?.url, details, cause: error };
  const message = error instanceof BaseError ? `${error.shortMessage} ${error.details}` : details;
  const has = (...names: string[]) => findByName(error, ...names) !== undefined;

  const revert = findByName(error, 'ContractFunctionRevertedError');
  if (revert) return new RevertedError({ reason: revert.reason ?? revert.data?.errorName, ...base });
  const executionReverted = findByName(error, 'ExecutionRevertedError');
  if (executionReverted) {
    const reason = (executionReverted as BaseError).details?.replace(/^execution reverted:?\s*/i, '');
    return new RevertedError({ reason: reason || undefined, ...base });
  }
  const revertData = findRevertData(error);
  if (revertData || /execution reverted|reverted with|VM Exception/i.test(message)) {
    const fromText = /reverted with reason string '([^']*)'/.exec(message)?.[1];
    return new RevertedError({ reason: (revertData && decodeRevertData(revertData)) ?? fromText, ...base });
  }
  if (has('InsufficientFundsError')) {
    return new ChainError(
      'CHAIN_INSUFFICIENT_FUNDS',
      'The account does not have enough funds for the amount plus the network fee.',
      base,
    );
  }
  if (has('NonceTooLowError')) {
    return new ChainError(
      'CHAIN_NONCE_TOO_LOW',
      'The node already has a transaction with this nonce from this account.',
      base,
    );
  }
  if (/replacement (transaction )?underpriced|replacement fee too low/i.test(message)) {
    return new ChainError(
      'CHAIN_REPLACEMENT_UNDERPRICED',
      'The node refused the replacement: its fee must be higher than the pending transaction’s.',
      base,
    );
  }
  if (has('TimeoutError')) return new ChainError('CHAIN_TIMEOUT', 'The node did not answer in time.', base);
  if (has('LimitExceededRpcError') || http?.status === 429 || /rate limit|too many requests/i.test(message)) {
    return new ChainError(
      'CHAIN_RATE_LIMITED',
      'The node is limiting requests. Wait a moment or use another RPC URL.',
      base,
    );
  }
  if (has('MethodNotFoundRpcError', 'MethodNotSupportedRpcError')) {
    return new ChainError('CHAIN_METHOD_UNSUPPORTED', 'The node does not support a method Cairn needs.', base);
  }
  if (has('SyntaxError')) return malformed(base);
  if (http) {
    if (http.status === undefined) return new ChainError('CHAIN_UNREACHABLE', 'The node could not be reached.', base);
    if (http.status >= 500)
      return new ChainError('CHAIN_NODE_ERROR', `The node failed with HTTP status ${http.status}.`, base);
    if (/JSON|Unexpected token|parse/i.test(message)) return malformed(base);
    return new ChainError('CHAIN_NODE_ERROR', `The node answered with HTTP status ${http.status}.`, base);
  }
  if (
    error instanceof SyntaxError ||
    /invalid json|unexpected token|cannot convert|invalid hex|malformed/i.test(message)
  ) {
    return malformed(base);
  }
  if (has('InvalidInputRpcError', 'RpcRequestError', 'InvalidParamsRpcError', 'InvalidRequestRpcError')) {
    return new ChainError('CHAIN_RPC_ERROR', 'The node refused the request.', base);
  }
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return new ChainError('CHAIN_UNREACHABLE', 'The node could not be reached.', base);
  }
  return new ChainError('CHAIN_RPC_ERROR', 'The node request failed.', base);
}

function malformed(base: { rpcUrl: string | undefined; details: string; cause: unknown }): ChainError {
  return new ChainError('CHAIN_MALFORMED_RESPONSE', 'The node sent an answer Cairn could not read.', base);
}
