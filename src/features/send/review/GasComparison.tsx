import { T } from '@/components/T';
import type { CallPreview } from '@/core/simulation/simulateCalls';

/**
 * The batch's gas as one transaction (its estimate) against the same calls sent one by one (each
 * call's previewed gas, intrinsic cost included), once the preview has every call (none: it has
 * no figure for them); saying which
 * costs more (a batch another account pays for costs more than the calls alone).
 */
export function GasComparison({ one, calls }: { one: bigint; calls: readonly CallPreview[] | undefined }) {
  const separate = calls?.length ? calls.reduce((sum, call) => sum + call.gasUsed, 0n) : undefined;
  if (separate === undefined || calls === undefined) return <T id="send:batchReview.gasOne" values={{ gas: one }} />;
  if (one === separate) return <T id="send:batchReview.gasOne" values={{ gas: one }} />;
  const id = one < separate ? 'send:batchReview.gasLess' : 'send:batchReview.gasMore';
  return <T id={id} values={{ gas: one, separate, count: calls.length }} />;
}
