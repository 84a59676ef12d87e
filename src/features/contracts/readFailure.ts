import type { ContractFunction } from '@/core/contracts/functions';
import { RevertedError } from '@/core/errors/chain';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import { errorMessage } from '@/lib/i18n/errorMessages';

/** What to say when a read fails: the node's or decoder's sentence, and a hint when a bare revert suggests a wrong ABI. */
export function readFailure(error: unknown, fn: ContractFunction): Message {
  const values = { fn: codeValue(fn.name), reason: errorMessage(error) };
  if (error instanceof RevertedError && error.reason === undefined) {
    return msg('contracts:readFailure.wrongAbi', { ...values, signature: codeValue(fn.id) });
  }
  return msg('contracts:readFailure.failed', values);
}
