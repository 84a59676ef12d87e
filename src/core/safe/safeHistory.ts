import { type Address, type Hex, parseEventLogs, toEventSelector } from 'viem';
import { blockFollows, type HeadBlock } from '../chain/chainHead';
import type { ChainClient } from '../chain/client';
import { readLogs } from '../chain/logSpan';
import { getLogs, type RawLog } from '../chain/rawLogs';
import { rescanFrom } from '../chain/rescanFrom';
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
 * The Safe's own history as far as it was read: its events newest first, the last block read with
 * its hash (a later read starts after it while the chain still holds that block), and the span
 * of eth_getLogs the node took, for the next read.
 */
export type SafeHistory = { events: SafeEvent[]; to: bigint; toHash: Hex; span: bigint };

const newestFirst = (a: SafeEvent, b: SafeEvent) =>
  a.blockNumber === b.blockNumber ? b.logIndex - a.logIndex : a.blockNumber > b.blockNumber ? -1 : 1;

/**
 * The Safe's events in [from, to], eth_getLogs on its address only, in spans of the one log-span
 * rule (readLogs), from the span kept by the last read. Throws a ChainError.
 */
async function readEvents(
  client: ChainClient,
  safe: Address,
  range: { from: bigint; to: bigint; kept?: bigint },
): Promise<{ events: SafeEvent[]; span: bigint }> {
  let read: { items: RawLog[]; span: bigint };
  try {
    read = await readLogs<RawLog>(client, {
      ...range,
      read: (start, end) => getLogs(client, start, end, { address: safe, topics: [TOPICS] }),
    });
  } catch (error) {
    throw toChainError(error);
  }
  const parsed = parseEventLogs({ abi: EVENTS, logs: read.items as never, strict: false });
  return { events: parsed.flatMap((log) => eventOf(log as never) ?? []), span: read.span };
}

/**
 * The Safe's own history over the last SAFE_HISTORY_BLOCKS up to `head`, newest first, from its
 * events (executions and their failures, on-chain approvals, ETH received, owner and threshold
 * changes; on a SafeL2, what each execution ran), in spans sized to their answers (readLogs:
 * a quiet history in 4 eth_getLogs). Throws a ChainError.
 */
export async function readSafeHistory(client: ChainClient, safe: Address, head: HeadBlock): Promise<SafeHistory> {
  const from = head.number > SAFE_HISTORY_BLOCKS ? head.number - SAFE_HISTORY_BLOCKS : 0n;
  const read = await readEvents(client, safe, { from, to: head.number });
  return { events: read.events.sort(newestFirst), to: head.number, toHash: head.hash, span: read.span };
}

/**
 * `previous` brought up to `head`: only the blocks after the last one read, when `head` follows it
 * (one eth_getLogs for a new block, in the span learnt); else, when blocks came between that the
 * head does not vouch for, from REORG_DEPTH blocks back, and when the chain went another way, from
 * DEEP_REORG_DEPTH back (rescanFrom), dropping what was read there. Nothing is read when `head` is
 * the block read last. Throws a ChainError.
 */
export async function followSafeHistory(
  client: ChainClient,
  safe: Address,
  previous: SafeHistory,
  head: HeadBlock,
): Promise<SafeHistory> {
  const follows = blockFollows({ number: previous.to, hash: previous.toHash }, head);
  if (follows && head.number === previous.to) return previous;
  const from = follows ? previous.to + 1n : rescanFrom(previous.to, head.number, follows === false);
  const read = await readEvents(client, safe, { from, to: head.number, kept: previous.span });
  const kept = previous.events.filter((event) => event.blockNumber < from);
  return {
    events: [...read.events, ...kept].sort(newestFirst),
    to: head.number,
    toHash: head.hash,
    span: read.span,
  };
}
