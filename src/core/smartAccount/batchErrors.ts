import type { Address } from 'viem';
import { isCairnError } from '../errors/base';
import { RevertedError } from '../errors/chain';
import { SmartAccountError } from '../errors/smartAccount';
import { reasonMessage } from '../errors/theirWords';
import { codeValue, msg } from '../i18n/message';

/**
 * A failure to prepare a smart transaction in the words of a batch: a revert means one call fails,
 * so all would (SMART_BATCH_REVERTS); a payer (another of the person's accounts) short of the fee
 * is SMART_PAYER_FUNDS. Anything else as it is.
 */
export function asBatchError(error: unknown, payer: Address | undefined): unknown {
  if (error instanceof RevertedError) {
    const reason = error.reason ? reasonMessage(error.reason) : error.text;
    return new SmartAccountError('SMART_BATCH_REVERTS', msg('core.chain:smartAccount.batchReverts', { reason }), {
      cause: error,
    });
  }
  if (payer && isCairnError(error) && error.code === 'INPUT_AMOUNT') {
    return new SmartAccountError(
      'SMART_PAYER_FUNDS',
      msg('core.chain:smartAccount.payerFunds', { payer: codeValue(payer) }),
      {
        cause: error,
      },
    );
  }
  return error;
}
