import type { Network } from '@/core/chain/networks';
import type { VerifyError } from '@/core/errors/verify';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import type { ChangesProof } from '@/core/simulation/provenChanges';
import { type CallCheck, differsIsLie } from '@/core/verify/checkedCall';
import { isLie } from '@/core/verify/figureChecks';
import { alarmWith, changeAlarm } from './verificationAlarm';

/**
 * The call a review checked: which source answered it, the transaction, and about which block;
 * `differs` says what a call that differs was (a review's transaction when not given).
 */
export type CheckedCallRef = { source: string; transaction: string; block: bigint; differs?: Message };

/** A call check, with what it proved of the preview's changes when it held them against the run (checkPreview). */
export type NotedCheck = CallCheck & { changes?: ChangesProof };

/**
 * What a call check says is a lie, if anything: on Ethereum's EVM, a call the node answers
 * otherwise, or a preview whose changes differ from the proven run's; or a proof that failed.
 */
function lieOf(network: Network, outcome: NotedCheck | VerifyError, differs?: Message): Message | undefined {
  if ('code' in outcome) return isLie(outcome) ? outcome.text : undefined;
  if (!differsIsLie(network.chainId)) return undefined;
  const values = { source: codeValue(outcome.source), block: outcome.header.number.toString() };
  if (outcome.state === 'differs') return differs ?? msg('core.chain:verify.callDiffers', values);
  if (outcome.changes?.state === 'differs') return msg('core.chain:verify.changesDiffer', values);
  return undefined;
}

/** The RPC URL a lie names, when its sentence names one (a proof, a header from another source). */
function sourceNamed(problem: Message): string | undefined {
  const source = problem.values?.source;
  return typeof source === 'object' && source !== null && 'kind' in source && source.kind === 'code'
    ? source.text
    : undefined;
}

/**
 * Notes a review's call check (checkCall, checkPreview) in the network's alarm: a call the node
 * answers otherwise than Cairn's EVM over proven state, or a preview whose changes differ from
 * that run's, on a chain whose EVM is Ethereum's (elsewhere an honest node can differ, and the
 * review alone says so), or a proof that failed on the way, each kept under the source that told
 * it and the transaction. Only that transaction checking out (no lie found) ends it; other
 * failures (no proofs, a node that did not answer) change nothing.
 */
export function noteCallCheck(network: Network, call: CheckedCallRef, outcome: NotedCheck | VerifyError): void {
  changeAlarm(network, (before) => {
    const calls = before?.calls ?? [];
    const clean = !('code' in outcome) && outcome.state === 'verified' && outcome.changes?.state !== 'differs';
    if (clean) {
      // Every source it took was honest about this call: the lies told about it end.
      const left = calls.filter((lie) => lie.transaction !== call.transaction);
      return left.length === calls.length ? before : alarmWith(before, { calls: left });
    }
    const problem = lieOf(network, outcome, call.differs);
    if (!problem) return before;
    const source = 'code' in outcome ? (sourceNamed(problem) ?? call.source) : outcome.source;
    const key = JSON.stringify([source, call.transaction]);
    const block = 'code' in outcome ? call.block : outcome.header.number;
    const lie = { key, transaction: call.transaction, problem, block, source };
    const balances = before && (before.problems.length > 0 || before.contradictions.length > 0);
    return alarmWith(before, {
      calls: [...calls.filter((kept) => kept.key !== key), lie],
      block: balances ? before.block : block,
    });
  });
}

/** The network's checks no longer cover previews: no call's lie stands. */
export function dropCallAlarm(network: Network): void {
  changeAlarm(network, (before) => (before?.calls.length ? alarmWith(before, { calls: [] }) : before));
}
