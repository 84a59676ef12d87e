import { codeValue, type Message, msg } from '../i18n/message';
import { CairnError } from './base';
import { reasonMessage } from './theirWords';

export const CHAIN_ERROR_CODES = [
  // Reaching the node and reading its answer.
  'CHAIN_UNREACHABLE',
  'CHAIN_TIMEOUT',
  'CHAIN_WRONG_CHAIN',
  'CHAIN_RATE_LIMITED',
  'CHAIN_NODE_ERROR',
  'CHAIN_MALFORMED_RESPONSE',
  'CHAIN_METHOD_UNSUPPORTED',
  // What the node says about a transaction or a request (rows of core/chain/nodeErrors.ts).
  'CHAIN_INSUFFICIENT_FUNDS',
  'CHAIN_NONCE_TOO_LOW',
  'CHAIN_NONCE_TOO_HIGH',
  'CHAIN_ALREADY_KNOWN',
  'CHAIN_REPLACEMENT_UNDERPRICED',
  'CHAIN_INTRINSIC_GAS',
  'CHAIN_FEE_TOO_LOW',
  'CHAIN_TIP_ABOVE_MAX_FEE',
  'CHAIN_GAS_LIMIT_OR_FEE_CAP',
  'CHAIN_TX_CHAIN_ID',
  'CHAIN_TX_TYPE_UNSUPPORTED',
  'CHAIN_INVALID_SIGNATURE',
  'CHAIN_OVERSIZED_DATA',
  'CHAIN_LOG_RANGE',
  'CHAIN_STATE_UNAVAILABLE',
  'CHAIN_REVERTED',
  'CHAIN_RPC_ERROR',
] as const;

export type ChainErrorCode = (typeof CHAIN_ERROR_CODES)[number];

/** A failure talking to a JSON-RPC node. `rpcUrl` is the node that failed, when known. */
export class ChainError extends CairnError<ChainErrorCode> {
  override readonly name = 'ChainError';
  readonly rpcUrl: string | undefined;

  constructor(
    code: ChainErrorCode,
    shortMessage: Message,
    options: { rpcUrl?: string | undefined; details?: string; cause?: unknown } = {},
  ) {
    super(code, shortMessage, options);
    this.rpcUrl = options.rpcUrl;
  }
}

/** The node answers for another chain than the network it is configured for. */
export class WrongChainError extends ChainError {
  readonly expectedChainId: number;
  readonly actualChainId: number;

  constructor(args: { expectedChainId: number; actualChainId: number; rpcUrl?: string | undefined }) {
    super(
      'CHAIN_WRONG_CHAIN',
      msg('core.keys:errors.wrongChain', {
        actual: codeValue(String(args.actualChainId)),
        expected: codeValue(String(args.expectedChainId)),
      }),
      { rpcUrl: args.rpcUrl },
    );
    this.expectedChainId = args.expectedChainId;
    this.actualChainId = args.actualChainId;
  }
}

/** A transaction or call reverted; `reason` is the decoded revert reason when there is one. */
export class RevertedError extends ChainError {
  /** Why: the contract's own words (a string, shown as untrusted text) or Cairn's reading of its revert data (a Message). */
  readonly reason: Message | string | undefined;

  constructor(args: {
    reason?: Message | string | undefined;
    rpcUrl?: string | undefined;
    cause?: unknown;
    details?: string;
  }) {
    super(
      'CHAIN_REVERTED',
      args.reason
        ? msg('core.keys:errors.reverted', { reason: reasonMessage(args.reason) })
        : msg('core.keys:errors.revertedNoReason'),
      args,
    );
    this.reason = args.reason;
  }
}
