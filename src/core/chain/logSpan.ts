import { type ChainClient, nodeKey } from './client';
import { DEFAULT_SPAN_POLICY, FIRST_LOG_SPAN, readInSpans, type SpanPolicy } from './logRanges';
import { readLaneOf } from './readLane';

/**
 * What reads of a network's logs learnt of its node: the block range it named as its limit
 * ("max block range 10000"). A property of the node, not of how many logs a history holds, so
 * every reader of that network starts within it instead of paying a refusal to find it again.
 */
export type LearntSpans = { limit?: bigint };

/**
 * Per node (nodeKey: the network's chain id and RPC URLs, as the Multicall3 probe keeps what it
 * found), for the session: a network whose URLs change learns afresh.
 */
const learnt = new Map<string, LearntSpans>();

/** What reads of the network's logs learnt so far (nothing before its first refusal that named a limit). */
export function learntSpansOf(client: ChainClient): LearntSpans {
  return learnt.get(nodeKey(client)) ?? {};
}

/**
 * The span a read of the network's logs starts from: the span its reader kept from its last read of
 * the same history (stored beside what it read: Activity's sync state, approvals' scan state, the
 * Safe history's last read), else FIRST_LOG_SPAN; never past the limit the node named.
 */
export function startSpan(client: ChainClient, kept?: bigint): bigint {
  const start = kept !== undefined && kept > 0n ? kept : FIRST_LOG_SPAN;
  const { limit } = learntSpansOf(client);
  return limit !== undefined && limit < start ? limit : start;
}

/**
 * The one rule for reading a network's logs over [from, to]: consecutive spans from startSpan,
 * each sized to about LOGS_PER_READ logs from the last answer (a quiet history grows 32 times a
 * read: 100,000 quiet blocks in 4 reads from FIRST_LOG_SPAN, in 1 from a kept span), shrunk and
 * asked again when the node refuses a range or the answer is too large for the client, through
 * the network's read lane (readInSpans). A limit the node names is learnt for the network.
 * Returns what was read, the span to keep for the next read of the same history, and how many
 * reads were made. Throws what the node threw (callers turn it into a ChainError).
 */
export async function readLogs<T>(
  client: ChainClient,
  args: {
    from: bigint;
    to: bigint;
    /** The span its reader kept from its last read of the same history. */
    kept?: bigint | undefined;
    read: (from: bigint, to: bigint) => Promise<T[]>;
    onProgress?: ((done: bigint, total: bigint) => void) | undefined;
    policy?: SpanPolicy | undefined;
  },
): Promise<{ items: T[]; span: bigint; reads: number }> {
  const policy = args.policy ?? DEFAULT_SPAN_POLICY;
  const { limit } = learntSpansOf(client);
  const result = await readInSpans<T>({
    from: args.from,
    to: args.to,
    span: startSpan(client, args.kept),
    read: args.read,
    lane: readLaneOf(client),
    // Quiet answers grow the span up to the limit the node named, not past it.
    policy: limit !== undefined && limit < policy.max ? { ...policy, max: limit } : policy,
    ...(args.onProgress ? { onProgress: args.onProgress } : {}),
  });
  if (result.limit !== undefined && (limit === undefined || result.limit < limit))
    learnt.set(nodeKey(client), { limit: result.limit });
  return { items: result.items, span: result.span, reads: result.reads };
}
