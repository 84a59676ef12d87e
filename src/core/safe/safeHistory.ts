import { type Address, type Hex, parseEventLogs, toEventSelector } from 'viem';
import type { ChainClient } from '../chain/client';
import { FIRST_LOG_SPAN, readInSpans } from '../chain/logRanges';
import { getLogs, type RawLog } from '../chain/rawLogs';
import { readLaneOf } from '../chain/readLane';
import { toChainError } from '../chain/toChainError';
import { safeAbi, safeL2Abi } from './safeAbi';

/** How far back a Safe's own history is read: about two weeks of Ethereum blocks. */
export const SAFE_HISTORY_BLOCKS = 100_000n;

/** One thing a Safe logged, as its screen lists it. */
export type SafeEvent = {
  blockNumber: bigint;
  logIndex: number;
  /** The transaction that made it. */
  hash: Hex;
} & (
  | { kind: 'executed' | 'failed'; safeTxHash: Hex; payment: bigint }
  | { kind: 'approved'; safeTxHash: Hex; owner: Address }
  | { kind: 'received'; sender: Address; value: bigint }
  | { kind: 'ownerAdded' | 'ownerRemoved'; owner: Address }
  | { kind: 'threshold'; threshold: bigint }
  /** SafeL2 only: what an execution ran (its nonce is in `additionalInfo`). */
  | { kind: 'ran'; to: Address; value: bigint; data: Hex; operation: number }
);

const EVENTS = [...safeAbi, ...safeL2Abi].filter(
  (item) =>
    item.type === 'event' &&
    [
      'ExecutionSuccess',
      'ExecutionFailure',
      'ApproveHash',
      'SafeReceived',
      'AddedOwner',
      'RemovedOwner',
      'ChangedThreshold',
      'SafeMultiSigTransaction',
    ].includes(item.name),
);
const TOPICS = EVENTS.map((event) => toEventSelector(event as never));

function eventOf(log: ReturnType<typeof parseEventLogs<typeof EVENTS>>[number]): SafeEvent | undefined {
  const at = { blockNumber: log.blockNumber, logIndex: log.logIndex, hash: log.transactionHash };
  switch (log.eventName) {
    case 'ExecutionSuccess':
      return { ...at, kind: 'executed', safeTxHash: log.args.txHash, payment: log.args.payment };
    case 'ExecutionFailure':
      return { ...at, kind: 'failed', safeTxHash: log.args.txHash, payment: log.args.payment };
    case 'ApproveHash':
      return { ...at, kind: 'approved', safeTxHash: log.args.approvedHash, owner: log.args.owner };
    case 'SafeReceived':
      return { ...at, kind: 'received', sender: log.args.sender, value: log.args.value };
    case 'AddedOwner':
      return { ...at, kind: 'ownerAdded', owner: log.args.owner };
    case 'RemovedOwner':
      return { ...at, kind: 'ownerRemoved', owner: log.args.owner };
    case 'ChangedThreshold':
      return { ...at, kind: 'threshold', threshold: log.args.threshold };
    case 'SafeMultiSigTransaction':
      return {
        ...at,
        kind: 'ran',
        to: log.args.to,
        value: log.args.value,
        data: log.args.data,
        operation: log.args.operation,
      };
    default:
      return undefined;
  }
}

/**
 * The Safe's own history over the last SAFE_HISTORY_BLOCKS before `head`, newest first, from its
 * events (executions and their failures, on-chain approvals, ETH received, owner and threshold
 * changes; on a SafeL2, what each execution ran): eth_getLogs on the Safe's address only, in spans
 * the node accepts. Throws a ChainError.
 */
export async function readSafeHistory(client: ChainClient, safe: Address, head: bigint): Promise<SafeEvent[]> {
  const from = head > SAFE_HISTORY_BLOCKS ? head - SAFE_HISTORY_BLOCKS : 0n;
  let logs: RawLog[];
  try {
    ({ items: logs } = await readInSpans<RawLog>({
      from,
      to: head,
      span: FIRST_LOG_SPAN,
      lane: readLaneOf(client),
      read: (start, end) => getLogs(client, start, end, { address: safe, topics: [TOPICS] }),
    }));
  } catch (error) {
    throw toChainError(error);
  }
  const parsed = parseEventLogs({ abi: EVENTS, logs: logs as never, strict: false });
  return parsed
    .flatMap((log) => eventOf(log as never) ?? [])
    .sort((a, b) =>
      a.blockNumber === b.blockNumber ? b.logIndex - a.logIndex : a.blockNumber > b.blockNumber ? -1 : 1,
    );
}
