import { causeChain, causeWords, findNamed } from '../errors/causeChain';
import type { ChainErrorCode } from '../errors/chain';
import { type Message, msg } from '../i18n/message';

/**
 * One answer a node can give, in the words of the clients that give it (geth, Nethermind, Erigon,
 * reth, Besu, Hardhat, hosted RPC services; each pattern's sources are in nodeErrors.test.ts).
 */
export type NodeErrorRow = {
  code: ChainErrorCode;
  /** Matched against what the node and the client said along the cause chain (causeWords). */
  pattern: RegExp;
  /** What it means, for the person: the text of the ChainError it becomes. */
  sentence: Message;
  /**
   * Sending the same signed bytes again can never succeed: the transaction itself is unusable, or
   * the account cannot pay for it, so its nonce is free again. Not so for "nonce too low" (the
   * nonce is used: tracking finds by what) nor for fees the network may come back down to.
   */
  permanent: boolean;
  /** viem error classes meaning the same, for answers viem has already turned into its own errors. */
  viemErrors?: readonly string[];
  /** JSON-RPC error codes meaning it when no words match. */
  rpcCodes?: readonly number[];
};

/**
 * Node answers, most specific first: the first row whose pattern matches wins, so a revert whose
 * reason mentions a balance stays a revert, and "replacement fee too low" is not a plain low fee.
 */
export const NODE_ERRORS: readonly NodeErrorRow[] = [
  {
    code: 'CHAIN_REVERTED',
    pattern: /execution reverted|reverted with|VM Exception/i,
    sentence: msg('core.chain:node.reverted'),
    permanent: false,
    viemErrors: ['ContractFunctionRevertedError', 'ExecutionRevertedError'],
  },
  {
    code: 'CHAIN_ALREADY_KNOWN',
    pattern:
      /already known|known transaction|already imported|AlreadyKnown|already exists|existing txn? with same hash/i,
    sentence: msg('core.chain:node.alreadyKnown'),
    permanent: false,
  },
  {
    code: 'CHAIN_REPLACEMENT_UNDERPRICED',
    pattern:
      /replacement (transaction )?underpriced|replacement fee too low|could not replace existing tx|ReplacementNotAllowed/i,
    sentence: msg('core.chain:node.replacementUnderpriced'),
    permanent: false,
  },
  {
    code: 'CHAIN_NONCE_TOO_LOW',
    pattern: /nonce too low|nonce is too low|OldNonce/i,
    sentence: msg('core.chain:node.nonceTooLow'),
    permanent: false,
    viemErrors: ['NonceTooLowError'],
  },
  {
    code: 'CHAIN_NONCE_TOO_HIGH',
    pattern: /nonce too high|NonceTooHigh|nonce ?gap|nonce too far in (the )?future|nonce is too distant/i,
    sentence: msg('core.chain:node.nonceTooHigh'),
    permanent: false,
    viemErrors: ['NonceTooHighError'],
  },
  {
    code: 'CHAIN_INSUFFICIENT_FUNDS',
    pattern: /insufficient funds|enough funds|InsufficientFunds|upfront cost exceeds (account )?balance/i,
    sentence: msg('core.chain:node.insufficientFunds'),
    permanent: true,
    viemErrors: ['InsufficientFundsError'],
  },
  {
    code: 'CHAIN_INTRINSIC_GAS',
    pattern:
      /intrinsic gas too low|IntrinsicGas\b|IntrinsicGasTooLow|intrinsic gas exceeds gas limit|requires at least \d+ gas|floor data (gas|cost)/i,
    sentence: msg('core.chain:node.intrinsicGas'),
    permanent: true,
    viemErrors: ['IntrinsicGasTooLowError'],
  },
  {
    code: 'CHAIN_TIP_ABOVE_MAX_FEE',
    pattern:
      /priority fee per gas (is )?(higher|greater|bigger) than max fee|priority fee per gas exceeds max fee|maxPriorityFeePerGas \(\d+\) is (bigger|higher|greater) than maxFeePerGas|InvalidMaxPriorityFeePerGas|tip higher than|TipAboveFeeCap/i,
    sentence: msg('core.chain:node.tipAboveMaxFee'),
    permanent: true,
    viemErrors: ['TipAboveFeeCapError'],
  },
  {
    code: 'CHAIN_FEE_TOO_LOW',
    pattern:
      /fee cap less than block base fee|fee per gas less than block base fee|too low for the next block|below (the )?(current |block )?base fee|gas price below|underpriced|fee ?too ?low|too low to compete|priority fee below minimum/i,
    sentence: msg('core.chain:node.feeTooLow'),
    permanent: false,
    viemErrors: ['FeeCapTooLowError'],
  },
  {
    code: 'CHAIN_GAS_LIMIT_OR_FEE_CAP',
    pattern:
      /exceeds (the )?(block gas limit|transaction gas cap|max transaction gas limit|configured cap)|gas limit reached|GasLimitExceeded|gas limit (is )?too high|intrinsic gas too high|fee cap exceeded|fee per gas higher than 2\^256/i,
    sentence: msg('core.chain:node.gasLimitOrFeeCap'),
    permanent: true,
    viemErrors: ['FeeCapTooHighError'],
  },
  {
    code: 'CHAIN_TX_CHAIN_ID',
    pattern:
      /invalid ?(tx)?chain ?id|wrong chain ?id|chain ?id (mismatch|not supported|is required)|incompatible EIP-?155|signed for another chain|replay-protected/i,
    sentence: msg('core.chain:node.txChainId'),
    permanent: true,
  },
  {
    code: 'CHAIN_TX_TYPE_UNSUPPORTED',
    pattern:
      /(transaction|tx) type (is )?not supported|tx type \d+ not supported|unsupported transaction type|NotSupportedTxType|InvalidTxType|invalid transaction type|transaction type is not activated/i,
    sentence: msg('core.chain:node.txTypeUnsupported'),
    permanent: true,
    viemErrors: ['TransactionTypeNotSupportedError'],
  },
  {
    code: 'CHAIN_INVALID_SIGNATURE',
    pattern:
      /invalid sender|invalid (transaction )?signature|InvalidTxSignature|signature is invalid|failed to recover sender|invalid transaction v, r, s/i,
    sentence: msg('core.chain:node.invalidSignature'),
    permanent: true,
  },
  {
    code: 'CHAIN_OVERSIZED_DATA',
    pattern:
      /oversized data|transaction too large|MaxTxSizeExceeded|max initcode size exceeded|initcode too large|init code length|RLPTooLong/i,
    sentence: msg('core.chain:node.oversizedData'),
    permanent: true,
  },
  {
    code: 'CHAIN_RATE_LIMITED',
    pattern: /rate.?limit|too many requests|exceeded its compute units|capacity exceeded|requests per second reached/i,
    sentence: msg('core.chain:node.rateLimited'),
    permanent: false,
    viemErrors: ['LimitExceededRpcError'],
  },
  {
    code: 'CHAIN_STATE_UNAVAILABLE',
    // geth "missing trie node" and "historical state … is not available", Nethermind "state
    // is not available", Erigon "state … pruned", reth "distance to target block exceeds maximum
    // proof window".
    pattern:
      /missing trie node|historical state|state (is )?not available|state.{0,40}pruned|proof window|state unavailable/i,
    sentence: msg('core.chain:node.stateUnavailable'),
    permanent: false,
  },
  {
    code: 'CHAIN_LOG_RANGE',
    pattern:
      /block range|range (is )?too (large|wide|big)|exceed(s|ed)? (the )?(max(imum)?|limit)|more than \d+ (results|logs)|too many (results|logs|blocks)|response size|query timeout|(range|length|size|results?|logs?) limit exceeded|max(imum)? (block )?range|returned more than/i,
    sentence: msg('core.chain:node.logRange'),
    permanent: false,
    // EIP-1474 "limit exceeded": in a log read, the range or the result set was too large.
    rpcCodes: [-32005],
  },
  {
    code: 'CHAIN_METHOD_UNSUPPORTED',
    pattern:
      /method not found|the method \S+ does not exist|method \S+ (is )?not (supported|available|allowed|whitelisted)|unsupported method|only supports the default tracer|tracer (not found|is not supported)|unknown tracer/i,
    sentence: msg('core.chain:node.methodUnsupported'),
    permanent: false,
    viemErrors: ['MethodNotFoundRpcError', 'MethodNotSupportedRpcError'],
    // EIP-1474: -32601 method not found, -32004 method not supported.
    rpcCodes: [-32601, -32004],
  },
];

function byWords(row: NodeErrorRow, words: string): boolean {
  return row.pattern.test(words);
}

function byViemError(row: NodeErrorRow, error: unknown): boolean {
  return row.viemErrors !== undefined && findNamed(error, ...row.viemErrors) !== undefined;
}

function byRpcCode(row: NodeErrorRow, error: unknown): boolean {
  const codes = row.rpcCodes;
  if (!codes) return false;
  return causeChain(error).some((link) => {
    const code = typeof link === 'object' && link !== null ? (link as { code?: unknown }).code : undefined;
    return typeof code === 'number' && codes.includes(code);
  });
}

/**
 * The row an error is, by the node's words first (the most specific), then by a viem error class,
 * then by a JSON-RPC code; undefined when it is none of them (a transport failure, or an answer
 * no row knows).
 */
export function nodeErrorOf(error: unknown): NodeErrorRow | undefined {
  const words = causeWords(error);
  return (
    NODE_ERRORS.find((row) => byWords(row, words)) ??
    NODE_ERRORS.find((row) => byViemError(row, error)) ??
    NODE_ERRORS.find((row) => byRpcCode(row, error))
  );
}

/** The row with this code. */
export function nodeErrorRow(code: ChainErrorCode): NodeErrorRow | undefined {
  return NODE_ERRORS.find((row) => row.code === code);
}

/**
 * Whether an error says this one thing, whatever else it might also match: for a caller that asks
 * one question ("was the log range too large?", "was the balance too low?").
 */
export function isNodeError(error: unknown, code: ChainErrorCode): boolean {
  const row = nodeErrorRow(code);
  return row !== undefined && (byWords(row, causeWords(error)) || byViemError(row, error) || byRpcCode(row, error));
}
