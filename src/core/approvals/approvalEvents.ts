import { type Address, getAddress, type Hex, pad } from 'viem';
import type { RawLog as ActivityLog } from '../chain/rawLogs';
import { decodeLogs } from '../contracts/decode/logs';
import { standardEventTopic } from '../contracts/decode/transferTopics';
import { sameAddress } from '../keys/sameAddress';
import { approvalKey, approvalOfLog } from '../simulation/changes';
import type { ApprovalChange } from '../simulation/types';

/** topic0 of every event that grants or withdraws an approval. */
export const APPROVAL_TOPICS = {
  approval: standardEventTopic('erc20', 'Approval'),
  approvalForAll: standardEventTopic('erc721', 'ApprovalForAll'),
  permit2Approval: standardEventTopic('permit2', 'Approval'),
  permit2Permit: standardEventTopic('permit2', 'Permit'),
  permit2Lockdown: standardEventTopic('permit2', 'Lockdown'),
} as const;

/** The eth_getLogs topics of every approval `owner` granted: any event above with the owner as first indexed argument. */
export function approvalTopics(owner: Address): (Hex | Hex[])[] {
  return [Object.values(APPROVAL_TOPICS), pad(owner.toLowerCase() as Hex)];
}

/** Logs or events in the order the chain has them: by block, then by position in the block. */
export function inChainOrder(
  a: { blockNumber: bigint; logIndex: number },
  b: { blockNumber: bigint; logIndex: number },
): number {
  return a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1;
}

/** An approval as an event set it, and where: the block and transaction that granted it. */
export type ApprovalEvent = ApprovalChange & { blockNumber: bigint; transactionHash: Hex; logIndex: number };

/**
 * The approvals `owner` set in these logs, in chain order. Permit2's events count only from the
 * canonical Permit2 (any contract can emit an event of that shape); an event whose owner is not
 * `owner` is left out (a node that ignores the topic filter).
 */
export function approvalEvents(owner: Address, logs: readonly ActivityLog[]): ApprovalEvent[] {
  const ordered = [...logs].sort(inChainOrder);
  const decoded = decodeLogs(
    ordered.map((log, i) => ({ address: getAddress(log.address), topics: log.topics, data: log.data, logIndex: i })),
    [],
  );
  const events: ApprovalEvent[] = [];
  decoded.forEach((log, i) => {
    const raw = ordered[i] as ActivityLog;
    let approval: ApprovalChange | undefined;
    try {
      approval = approvalOfLog(log, raw.topics.length);
    } catch {
      // A log whose arguments do not read as the standard event's: not an approval Cairn can follow.
      return;
    }
    if (!approval || !sameAddress(approval.owner, owner)) return;
    events.push({
      ...approval,
      blockNumber: raw.blockNumber,
      transactionHash: raw.transactionHash,
      logIndex: raw.logIndex,
    });
  });
  return events;
}

/**
 * The latest event per approval, in the order of those latest events: what may still be in force, with when it
 * was last set. Whether it still is, is for the chain to say (readCurrentApprovals): an allowance
 * is also spent by transfers, which emit no Approval on many tokens.
 */
export function latestPerApproval(events: readonly ApprovalEvent[]): ApprovalEvent[] {
  const latest = new Map<string, ApprovalEvent>();
  for (const event of events) {
    const key = approvalKey(event);
    latest.delete(key);
    latest.set(key, event);
  }
  return [...latest.values()];
}
