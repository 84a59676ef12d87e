import { msg } from '@/core/i18n/message';
import type { FieldErrors } from './continueSend';
import type { SendForm } from './sendFlowStore';

/**
 * What a transfer put in a batch may not have: "Max" (worked out for one transaction's fee), and
 * a gas limit, fees or nonce of its own (the batch is one transaction: its review sets them).
 */
export function batchRefusals(form: SendForm): FieldErrors | undefined {
  const errors: FieldErrors = {};
  if (form.max) errors.amount = msg('send:batch.noMax');
  for (const field of ['gasLimit', 'maxFee', 'priorityFee', 'gasPrice', 'nonce'] as const) {
    if (form[field].trim()) errors[field] = msg('send:batch.noAdvanced');
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}
