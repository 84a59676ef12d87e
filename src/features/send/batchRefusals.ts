import { msg } from '@/core/i18n/message';
import { sameAddress } from '@/core/keys/sameAddress';
import type { Asset } from '@/core/tx/transfer';
import type { FieldErrors } from './continueSend';
import type { BatchTransfer, SendForm } from './sendFlowStore';

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

/**
 * What the batch already sends of `asset`, which the balance must cover together with one more
 * transfer: the coin every call sends as value (contract writes included), or a token's transfers.
 */
export function spentByBatch(batch: readonly BatchTransfer[], asset: Asset): bigint {
  if (asset.kind === 'native') return batch.reduce((sum, t) => sum + t.call.value, 0n);
  if (asset.kind !== 'token') return 0n;
  return batch.reduce((sum, { intent }) => {
    const same = intent.asset.kind === 'token' && sameAddress(intent.asset.address, asset.address);
    return same ? sum + intent.amount : sum;
  }, 0n);
}
