import { CairnError } from './base';

export type ExplorerErrorCode =
  | 'EXPLORER_RATE_LIMITED'
  | 'EXPLORER_INVALID_KEY'
  | 'EXPLORER_UNSUPPORTED_CHAIN'
  | 'EXPLORER_UNAVAILABLE'
  | 'EXPLORER_MALFORMED'
  | 'EXPLORER_ERROR';

/**
 * A failure reading history from a block explorer API (Etherscan API v2 or compatible). `host`
 * is the explorer that failed. Neither the message nor the details ever contain the API key.
 */
export class ExplorerError extends CairnError<ExplorerErrorCode> {
  override readonly name = 'ExplorerError';
  readonly host: string;

  constructor(code: ExplorerErrorCode, shortMessage: string, options: { host: string; details?: string }) {
    super(code, shortMessage, { details: options.details });
    this.host = options.host;
  }
}
