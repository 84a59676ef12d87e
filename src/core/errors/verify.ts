import type { Message } from '../i18n/message';
import { CairnError } from './base';

export const VERIFY_ERROR_CODES = [
  'VERIFY_NO_PROOFS',
  'VERIFY_STATE_GONE',
  'VERIFY_PROOF_FAILED',
  'VERIFY_HEADER_FORGED',
  'VERIFY_SOURCES_DISAGREE',
  'VERIFY_SOURCE_BEHIND',
  'VERIFY_ONE_SOURCE',
  'VERIFY_PIN_MISMATCH',
  'VERIFY_HEADER_TOO_OLD',
  'VERIFY_CHECKPOINT_OLD',
  'VERIFY_CHECKPOINT_INVALID',
  'VERIFY_UPDATE_INVALID',
  'VERIFY_BEACON_REFUSED',
  'VERIFY_BEACON_UNREACHABLE',
  'VERIFY_CALL_UNRUNNABLE',
  'VERIFY_HEADER_UNSUPPORTED',
  'VERIFY_BLOCK_BEHIND',
  'VERIFY_CHAIN_BROKEN',
  'VERIFY_SOURCE_FAILED',
  'VERIFY_PROOF_UNSETTLED',
  'VERIFY_HEAD_CLAIM_FALSE',
  'VERIFY_SOURCE_AHEAD',
  'VERIFY_HEAD_TOO_FAR',
  'VERIFY_SENDING_HELD',
] as const;

export type VerifyErrorCode = (typeof VERIFY_ERROR_CODES)[number];

/**
 * What the node says could not be checked against a trusted block header, or was checked and
 * found false. `source` is the RPC URL that said it, when one did.
 */
export class VerifyError extends CairnError<VerifyErrorCode> {
  override readonly name = 'VerifyError';
  /**
   * For a proof that leads to no root of a header sources agreed on: the newest block any of them
   * named then (TrustedHeader's `newestNamed`), by which the mismatch is judged.
   */
  readonly newestNamed: bigint | undefined;

  constructor(
    code: VerifyErrorCode,
    text: Message,
    options: { details?: string; cause?: unknown; newestNamed?: bigint } = {},
  ) {
    super(code, text, options);
    this.newestNamed = options.newestNamed;
  }
}
