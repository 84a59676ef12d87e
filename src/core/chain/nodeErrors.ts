import { causeChain, causeWords, findNamed } from '../errors/causeChain';
import type { ChainErrorCode } from '../errors/chain';

/**
 * One answer a node can give, in the words of the clients that give it (geth, Nethermind, Erigon,
 * reth, Besu, Hardhat, hosted RPC services; each pattern's sources are in nodeErrors.test.ts).
 */
export type NodeErrorRow = {
  code: ChainErrorCode;
  /** Matched against what the node and the client said along the cause chain (causeWords). */
  pattern: RegExp;
  /** What it means, for the person: the shortMessage of the ChainError it becomes. */
  sentence: string;
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
    sentence: 'The contract refused the call without giving a reason.',
    permanent: false,
    viemErrors: ['ContractFunctionRevertedError', 'ExecutionRevertedError'],
  },
  {
    code: 'CHAIN_ALREADY_KNOWN',
    pattern:
      /already known|known transaction|already imported|AlreadyKnown|already exists|existing txn? with same hash/i,
    sentence: 'The node already has this transaction: it was sent before.',
    permanent: false,
  },
  {
    code: 'CHAIN_REPLACEMENT_UNDERPRICED',
    pattern:
      /replacement (transaction )?underpriced|replacement fee too low|could not replace existing tx|ReplacementNotAllowed/i,
    sentence: 'The node refused the replacement: its fee must be higher than the pending transaction’s.',
    permanent: false,
  },
  {
    code: 'CHAIN_NONCE_TOO_LOW',
    pattern: /nonce too low|nonce is too low|OldNonce/i,
    sentence:
      'The account has already used this nonce: this transaction, or another with the same nonce, was sent before.',
    permanent: false,
    viemErrors: ['NonceTooLowError'],
  },
  {
    code: 'CHAIN_NONCE_TOO_HIGH',
    pattern: /nonce too high|NonceTooHigh|nonce ?gap|nonce too far in (the )?future|nonce is too distant/i,
    sentence:
      'The node will not take this transaction yet: its nonce is above the account’s next nonce, so a transaction before it is missing.',
    permanent: false,
    viemErrors: ['NonceTooHighError'],
  },
  {
    code: 'CHAIN_INSUFFICIENT_FUNDS',
    pattern: /insufficient funds|enough funds|InsufficientFunds|upfront cost exceeds (account )?balance/i,
    sentence: 'The sending account does not have enough funds for the amount plus the maximum network fee.',
    permanent: true,
    viemErrors: ['InsufficientFundsError'],
  },
  {
    code: 'CHAIN_INTRINSIC_GAS',
    pattern:
      /intrinsic gas too low|IntrinsicGas\b|IntrinsicGasTooLow|intrinsic gas exceeds gas limit|requires at least \d+ gas|floor data (gas|cost)/i,
    sentence: 'The node refused the transaction: its gas limit is too low for it to start.',
    permanent: true,
    viemErrors: ['IntrinsicGasTooLowError'],
  },
  {
    code: 'CHAIN_TIP_ABOVE_MAX_FEE',
    pattern:
      /priority fee per gas (is )?(higher|greater|bigger) than max fee|priority fee per gas exceeds max fee|maxPriorityFeePerGas \(\d+\) is (bigger|higher|greater) than maxFeePerGas|InvalidMaxPriorityFeePerGas|tip higher than|TipAboveFeeCap/i,
    sentence: 'The node refused the transaction: its priority fee is above its maximum fee.',
    permanent: true,
    viemErrors: ['TipAboveFeeCapError'],
  },
  {
    code: 'CHAIN_FEE_TOO_LOW',
    pattern:
      /fee cap less than block base fee|fee per gas less than block base fee|too low for the next block|below (the )?(current |block )?base fee|gas price below|underpriced|fee ?too ?low|too low to compete|priority fee below minimum/i,
    sentence: 'The node refused the transaction: its fee is below what the network currently requires.',
    permanent: false,
    viemErrors: ['FeeCapTooLowError'],
  },
  {
    code: 'CHAIN_GAS_LIMIT_OR_FEE_CAP',
    pattern:
      /exceeds (the )?(block gas limit|transaction gas cap|max transaction gas limit|configured cap)|gas limit reached|GasLimitExceeded|gas limit (is )?too high|intrinsic gas too high|fee cap exceeded|fee per gas higher than 2\^256/i,
    sentence: 'The node refused the transaction: its gas limit or fee is above what it accepts.',
    permanent: true,
    viemErrors: ['FeeCapTooHighError'],
  },
  {
    code: 'CHAIN_TX_CHAIN_ID',
    pattern:
      /invalid ?(tx)?chain ?id|wrong chain ?id|chain ?id (mismatch|not supported|is required)|incompatible EIP-?155|signed for another chain|replay-protected/i,
    sentence:
      'The node refused the transaction for its chain id: it was signed for another network, or without replay protection the node does not accept.',
    permanent: true,
  },
  {
    code: 'CHAIN_TX_TYPE_UNSUPPORTED',
    pattern:
      /(transaction|tx) type (is )?not supported|tx type \d+ not supported|unsupported transaction type|NotSupportedTxType|InvalidTxType|invalid transaction type|transaction type is not activated/i,
    sentence: 'The node does not accept this type of transaction.',
    permanent: true,
    viemErrors: ['TransactionTypeNotSupportedError'],
  },
  {
    code: 'CHAIN_INVALID_SIGNATURE',
    pattern:
      /invalid sender|invalid (transaction )?signature|InvalidTxSignature|signature is invalid|failed to recover sender|invalid transaction v, r, s/i,
    sentence: 'The node refused the transaction: its signature is not valid, so who sent it cannot be known.',
    permanent: true,
  },
  {
    code: 'CHAIN_OVERSIZED_DATA',
    pattern:
      /oversized data|transaction too large|MaxTxSizeExceeded|max initcode size exceeded|initcode too large|init code length|RLPTooLong/i,
    sentence: 'The node refused the transaction: its data is larger than the node accepts.',
    permanent: true,
  },
  {
    code: 'CHAIN_RATE_LIMITED',
    pattern: /rate.?limit|too many requests|exceeded its compute units|capacity exceeded|requests per second reached/i,
    sentence: 'The node is limiting requests. Wait a moment or use another RPC URL.',
    permanent: false,
    viemErrors: ['LimitExceededRpcError'],
  },
  {
    code: 'CHAIN_LOG_RANGE',
    pattern:
      /block range|range (is )?too (large|wide|big)|exceed(s|ed)? (the )?(max(imum)?|limit)|more than \d+ (results|logs)|too many (results|logs|blocks)|response size|query timeout|(range|length|size|results?|logs?) limit exceeded|max(imum)? (block )?range|returned more than/i,
    sentence: 'The node refused to read logs over that many blocks at once.',
    permanent: false,
    // EIP-1474 "limit exceeded": in a log read, the range or the result set was too large.
    rpcCodes: [-32005],
  },
  {
    code: 'CHAIN_METHOD_UNSUPPORTED',
    pattern:
      /method not found|the method \S+ does not exist|method \S+ (is )?not (supported|available|allowed|whitelisted)|unsupported method|only supports the default tracer|tracer (not found|is not supported)|unknown tracer/i,
    sentence: 'The node does not support a method Cairn needs.',
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
