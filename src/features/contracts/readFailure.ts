import type { ContractFunction } from '@/core/contracts/functions';
import { RevertedError } from '@/core/errors/chain';
import { codeValue } from '@/core/i18n/message';
import { errorText } from '@/lib/errorMessages';
import { t } from '@/lib/i18n';

/** What to say when a read fails: the node's or decoder's sentence, and a hint when a bare revert suggests a wrong ABI. */
export function readFailure(error: unknown, fn: ContractFunction): string {
  const values = { fn: codeValue(fn.name), reason: errorText(error) };
  if (error instanceof RevertedError && error.reason === undefined) {
    return t('contracts:readFailure.wrongAbi', { ...values, signature: codeValue(fn.id) });
  }
  return t('contracts:readFailure.failed', values);
}
