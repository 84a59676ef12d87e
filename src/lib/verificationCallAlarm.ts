import type { Network } from '@/core/chain/networks';
import type { VerifyError } from '@/core/errors/verify';
import { codeValue, type Message, msg } from '@/core/i18n/message';
import { type CallCheck, differsIsLie } from '@/core/verify/checkedCall';
import { isLie } from '@/core/verify/figureChecks';
import { alarmWith, changeAlarm } from './verificationAlarm';

/** The call a review checked: which source answered it, the transaction, and about which block. */
export type CheckedCallRef = { source: string; transaction: string; block: bigint };

/** What a call check says is a lie, if anything: a call that differs on Ethereum's EVM, or a proof that failed. */
function lieOf(network: Network, outcome: CallCheck | VerifyError): Message | undefined {
  if ('code' in outcome) return isLie(outcome) ? outcome.text : undefined;
  if (outcome.state !== 'differs' || !differsIsLie(network.chainId)) return undefined;
  return msg('core.chain:verify.callDiffers', {
    source: codeValue(outcome.source),
    block: outcome.header.number.toString(),
  });
}

/**
 * Notes a review's call check (checkCall) in the network's alarm: a call the node answers
 * otherwise than Cairn's EVM over proven state, on a chain whose EVM is Ethereum's (elsewhere an
 * honest node can differ, and the review alone says so), or a proof that failed on the way. Only
 * the same call from the same source checking out ends it; other failures (no proofs, a node that
 * did not answer) change nothing.
 */
export function noteCallCheck(network: Network, call: CheckedCallRef, outcome: CallCheck | VerifyError): void {
  const key = JSON.stringify([call.source, call.transaction]);
  changeAlarm(network, (before) => {
    if (!('code' in outcome) && outcome.state === 'verified')
      return before?.call?.key === key ? alarmWith(before, { call: undefined }) : before;
    const problem = lieOf(network, outcome);
    if (!problem) return before;
    const lie = { key, problem, block: 'code' in outcome ? call.block : outcome.header.number, source: call.source };
    const balances = before && (before.problems.length > 0 || before.contradictions.length > 0);
    const after = alarmWith(before, { call: lie, block: balances ? before.block : lie.block });
    // The same lie told again keeps its acknowledgement; a new one asks again.
    return after && before?.caught === after.caught ? before : after && { ...after, acknowledged: false };
  });
}

/** The network's checks no longer cover previews: a call's lie no longer stands. */
export function dropCallAlarm(network: Network): void {
  changeAlarm(network, (before) => (before?.call ? alarmWith(before, { call: undefined }) : before));
}
