import type { ApprovalChange, AssetChange, SimulationResult } from './types';

const text = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

const changeKey = (c: AssetChange) => text(c).toLowerCase();
const approvalKey = (a: ApprovalChange) => text(a).toLowerCase();

/**
 * What a preview tells the person, as one string: whether it fails and why, every asset change,
 * every approval and every contract created, each list in a fixed order. Two previews of one
 * transaction with the same digest say the same; gas, logs and notes are left out (gas moves a
 * little from block to block without anything the person would decide on changing).
 */
export function previewDigest(result: SimulationResult): string {
  const outcome = result.outcome.ok
    ? { ok: true }
    : { ok: false, reason: result.outcome.reason, data: result.outcome.revertData, call: result.outcome.call };
  return text({
    outcome,
    changes: result.changes.map(changeKey).sort(),
    approvals: result.approvals.map(approvalKey).sort(),
    created: result.created.map((a) => a.toLowerCase()).sort(),
  });
}
