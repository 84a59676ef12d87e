import type { ContractFunction } from '@/core/contracts/functions';
import { RevertedError } from '@/core/errors/chain';
import { errorText } from '@/lib/errorMessages';

/** What to say when a read fails: the node's or decoder's sentence, and a hint when a bare revert suggests a wrong ABI. */
export function readFailure(error: unknown, fn: ContractFunction): string {
  const sentence = `Could not read ${fn.name}: ${errorText(error)}`;
  if (error instanceof RevertedError && error.reason === undefined) {
    return `${sentence} If the ABI does not match this contract, it may have no function ${fn.id}.`;
  }
  return sentence;
}
