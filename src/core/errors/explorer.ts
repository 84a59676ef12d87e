import type { Address } from 'viem';
import { codeValue, type Message, msg } from '../i18n/message';
import { CairnError } from './base';

/** Failures of a request to the person's explorer (core/explorer), whatever was asked. */
const EXPLORER_REQUEST_ERROR_CODES = [
  'EXPLORER_RATE_LIMITED',
  'EXPLORER_INVALID_KEY',
  'EXPLORER_UNSUPPORTED_CHAIN',
  'EXPLORER_UNAVAILABLE',
  'EXPLORER_MALFORMED',
  'EXPLORER_ERROR',
] as const;

export type ExplorerRequestErrorCode = (typeof EXPLORER_REQUEST_ERROR_CODES)[number];

/** Every explorer code: a request's failures, and a verified ABI the explorer does not have. */
export const EXPLORER_ERROR_CODES = [...EXPLORER_REQUEST_ERROR_CODES, 'EXPLORER_ABI_NOT_VERIFIED'] as const;

export type ExplorerErrorCode = (typeof EXPLORER_ERROR_CODES)[number];

/**
 * A failure reading history from a block explorer API (Etherscan API v2 or compatible). `host`
 * is the explorer that failed. Neither the message nor the details ever contain the API key.
 */
export class ExplorerError extends CairnError<ExplorerRequestErrorCode> {
  override readonly name = 'ExplorerError';
  readonly host: string;

  constructor(code: ExplorerRequestErrorCode, shortMessage: Message, options: { host: string; details?: string }) {
    super(code, shortMessage, { details: options.details });
    this.host = options.host;
  }
}

/**
 * The explorer has no verified source for the address (Etherscan: "Contract source code not
 * verified"): it may not be a contract, or its author never published the source there.
 */
export class ContractNotVerifiedError extends CairnError<'EXPLORER_ABI_NOT_VERIFIED'> {
  override readonly name = 'ContractNotVerifiedError';
  readonly host: string;
  readonly address: Address;

  constructor(args: { host: string; address: Address }) {
    super(
      'EXPLORER_ABI_NOT_VERIFIED',
      msg('core.keys:errors.notVerified', { host: codeValue(args.host), address: codeValue(args.address) }),
    );
    this.host = args.host;
    this.address = args.address;
  }
}
