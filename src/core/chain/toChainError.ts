import { isCairnError, toSafeDetails } from '../errors/base';
import { causeWords, findNamed, innermostDetails } from '../errors/causeChain';
import { ChainError, type ChainErrorCode, RevertedError } from '../errors/chain';
import { msg } from '../i18n/message';
import { isNodeError, nodeErrorOf, nodeErrorRow } from './nodeErrors';
import { decodeRevertData, findRevertData } from './revertData';

/**
 * viem error classes are recognised by name rather than `instanceof` (findNamed), so mapping errors
 * does not pull every error class (and the ABI code they need) into the first-screen bundle.
 */
type NamedError = Error & {
  status?: number;
  url?: string;
  reason?: string;
  details?: string;
  data?: { errorName?: string };
};

type Base = { rpcUrl: string | undefined; details: string; cause: unknown };

/**
 * The one place where failures from the chain client become Cairn's typed errors, each with a
 * sentence a person can act on. What the node answered is read with the node error table
 * (nodeErrors.ts); what went wrong on the way (unreachable, slow, HTTP status, unreadable answer)
 * is read here. `rpcUrl` names the node, for messages such as "unreachable".
 *
 * Codes: every code of a NODE_ERRORS row (CHAIN_INSUFFICIENT_FUNDS, CHAIN_NONCE_TOO_LOW,
 * CHAIN_FEE_TOO_LOW, CHAIN_RATE_LIMITED, CHAIN_LOG_RANGE, CHAIN_REVERTED…), CHAIN_UNREACHABLE,
 * CHAIN_TIMEOUT, CHAIN_NODE_ERROR, CHAIN_MALFORMED_RESPONSE, CHAIN_METHOD_UNSUPPORTED, CHAIN_RPC_ERROR.
 */
export function toChainError(error: unknown, rpcUrl?: string): ChainError {
  if (error instanceof ChainError) return error;
  if (isCairnError(error)) return new ChainError('CHAIN_RPC_ERROR', error.text, { rpcUrl, cause: error });

  const http = findNamed<NamedError>(error, 'HttpRequestError');
  // The details are the node's own words when it gave some: viem's outer message is about the request.
  const details = toSafeDetails(innermostDetails(error) ?? error);
  const base: Base = { rpcUrl: rpcUrl ?? http?.url, details, cause: error };
  const reverted = revertedError(error, base);
  if (reverted) return reverted;
  const answer = nodeErrorOf(error);
  if (answer) return new ChainError(answer.code, answer.sentence, base);

  const message = causeWords(error);
  const has = (...names: string[]) => findNamed(error, ...names) !== undefined;
  if (has('TimeoutError')) return new ChainError('CHAIN_TIMEOUT', msg('core.chain:node.timeout'), base);
  if (http?.status === 429) return fromRow('CHAIN_RATE_LIMITED', base);
  if (has('MethodNotFoundRpcError', 'MethodNotSupportedRpcError')) {
    return new ChainError('CHAIN_METHOD_UNSUPPORTED', msg('core.chain:node.methodUnsupported'), base);
  }
  if (has('SyntaxError')) return malformed(base);
  if (http) {
    if (http.status === undefined) return new ChainError('CHAIN_UNREACHABLE', msg('core.chain:node.unreachable'), base);
    if (http.status >= 500)
      return new ChainError(
        'CHAIN_NODE_ERROR',
        msg('core.chain:node.httpFailed', { status: String(http.status) }),
        base,
      );
    if (/JSON|Unexpected token|parse/i.test(message)) return malformed(base);
    return new ChainError(
      'CHAIN_NODE_ERROR',
      msg('core.chain:node.httpAnswered', { status: String(http.status) }),
      base,
    );
  }
  if (
    error instanceof SyntaxError ||
    /invalid json|unexpected token|cannot convert|invalid hex|malformed/i.test(message)
  ) {
    return malformed(base);
  }
  if (has('InvalidInputRpcError', 'RpcRequestError', 'InvalidParamsRpcError', 'InvalidRequestRpcError')) {
    return new ChainError('CHAIN_RPC_ERROR', msg('core.chain:node.refused'), base);
  }
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return new ChainError('CHAIN_UNREACHABLE', msg('core.chain:node.unreachable'), base);
  }
  return new ChainError('CHAIN_RPC_ERROR', msg('core.chain:node.failed'), base);
}

/** A revert, with its reason decoded from viem's error, the revert data or the node's words. */
function revertedError(error: unknown, base: Base): RevertedError | undefined {
  const revert = findNamed<NamedError>(error, 'ContractFunctionRevertedError');
  if (revert) return new RevertedError({ reason: revert.reason ?? revert.data?.errorName, ...base });
  const executionReverted = findNamed<NamedError>(error, 'ExecutionRevertedError');
  if (executionReverted) {
    const reason = executionReverted.details?.replace(/^execution reverted:?\s*/i, '');
    return new RevertedError({ reason: reason || undefined, ...base });
  }
  const revertData = findRevertData(error);
  if (!revertData && !isNodeError(error, 'CHAIN_REVERTED')) return undefined;
  const fromText = /reverted with reason string '([^']*)'/.exec(causeWords(error))?.[1];
  return new RevertedError({ reason: (revertData && decodeRevertData(revertData)) ?? fromText, ...base });
}

function fromRow(code: ChainErrorCode, base: Base): ChainError {
  return new ChainError(code, nodeErrorRow(code)?.sentence ?? msg('core.chain:node.refused'), base);
}

function malformed(base: Base): ChainError {
  return new ChainError('CHAIN_MALFORMED_RESPONSE', msg('core.chain:node.malformed'), base);
}
