import { findCause } from '../errors/causeChain';
import { isNodeError } from './nodeErrors';
import type { ReadLane } from './readLane';

/** The bounds of the block span of log queries. */
export type SpanPolicy = { min: bigint; max: bigint };

export const DEFAULT_SPAN_POLICY: SpanPolicy = { min: 1n, max: 1_000_000_000n };

/**
 * The span a first read of an account's logs starts from: small, since how many logs a block holds
 * is not known yet (the local chain packs 500 of one account's transfers in a block), and grown
 * from there to about LOGS_PER_READ logs a read (readInSpans' `targetItems`).
 */
export const FIRST_LOG_SPAN = 8n;

/**
 * Logs a read of an account's history aims at: about 2.5 MB of JSON, so that it fits beside a
 * batch of full blocks (nativeScan) in one answer under the client's 10 MB.
 */
export const LOGS_PER_READ = 4_000;

/** How much a span sized to a target may grow after one read (an empty answer says little). */
const TARGET_GROWTH = 32n;

/**
 * The span to ask next to get about `target` items, after `got` items over `asked` blocks:
 * proportional, growing at most TARGET_GROWTH times at once.
 */
export function spanForTarget(asked: bigint, got: number, target: number): bigint {
  const most = asked * TARGET_GROWTH;
  if (got <= 0) return most;
  const next = (asked * BigInt(target)) / BigInt(got);
  return next > most ? most : next;
}

/** The answer was bigger than the client accepts (viem caps HTTP bodies at 10 MB): ask for less. */
export function isTooLargeAnswer(error: unknown): boolean {
  return (
    findCause(
      error,
      (link) =>
        (link as { name?: unknown } | null)?.name === 'ResponseBodyTooLargeError' ||
        (link instanceof Error && /response body exceeded|body exceeded the size limit/i.test(link.message)),
    ) !== undefined
  );
}

/**
 * The span to ask next after an answer too large for the client over `asked` blocks: when the error
 * says how large the answer was, a span whose answer would be about three quarters of the limit
 * (logs spread evenly; `share` of it for a read that shares its answer), so one refusal is
 * enough; else undefined (halve).
 */
export function spanThatFits(error: unknown, asked: bigint, share = 0.75): bigint | undefined {
  const tooLarge = findCause(
    error,
    (link) => (link as { name?: unknown } | null)?.name === 'ResponseBodyTooLargeError',
  ) as { size?: unknown; maxSize?: unknown } | undefined;
  const size = tooLarge?.size;
  const max = tooLarge?.maxSize;
  if (typeof size !== 'number' || typeof max !== 'number' || !(size > max) || !(max > 0)) return undefined;
  const fits = (asked * BigInt(Math.floor(max * share))) / BigInt(Math.ceil(size));
  return fits < asked / 2n ? fits : undefined;
}

/**
 * Whether a failed eth_getLogs means "ask for less" rather than a broken node: the answer was too
 * large for the client, or the node said the range or result set was too large (the log range row
 * of the node error table, with EIP-1474's "limit exceeded" code).
 */
export function isLogRangeError(error: unknown): boolean {
  return isTooLargeAnswer(error) || isNodeError(error, 'CHAIN_LOG_RANGE');
}

/**
 * The largest span a refusal names, when it names one ("max block range 5000", "up to a 2K block
 * range", "limited to a 10,000 block range"), so the next read goes straight to it. A number is
 * read only where it stands alone: viem ends its message with its version ("viem@2.57.1") just
 * before the node's details, which must not read as "1 block range".
 */
export function namedSpan(error: unknown): bigint | undefined {
  const text =
    error instanceof Error ? `${error.message} ${String((error as { details?: unknown }).details ?? '')}` : '';
  const match =
    /(?<![\w.@,])(\d[\d,]*)\s*(k)?\s*(?:-?\s*)?block range|block range(?: of| is| limit(?: of| is)?)?:?\s*(\d[\d,]*)|max(?:imum)? range:?\s*(\d[\d,]*)/i.exec(
      text,
    );
  if (!match) return undefined;
  const digits = (match[1] ?? match[3] ?? match[4] ?? '').replace(/,/g, '');
  if (!digits) return undefined;
  const value = BigInt(digits) * (match[2] ? 1000n : 1n);
  return value > 0n ? value : undefined;
}

/**
 * Reads [from, to] in consecutive spans, each sized from the last answer to about `targetItems`
 * items (LOGS_PER_READ unless told), so a dense history never asks for one huge answer and a quiet
 * one grows fast; halving whenever the node refuses a range as too large (straight to the span
 * its refusal names, or to one that fits when the client says how large the answer was), and
 * then never growing past it in this run. With a `lane`, an answer too large for the client is
 * first asked again alone (see readLane). Returns what was read, the span to start from next time,
 * the block range the node named as its limit (if it did), and how many span reads were made.
 * Readers of a network's logs go through readLogs (logSpan.ts), which keeps what a read learnt.
 */
export async function readInSpans<T>(args: {
  from: bigint;
  to: bigint;
  span: bigint;
  read: (from: bigint, to: bigint) => Promise<T[]>;
  policy?: SpanPolicy;
  onProgress?: (done: bigint, total: bigint) => void;
  lane?: ReadLane;
  targetItems?: number;
}): Promise<{ items: T[]; span: bigint; reads: number; limit?: bigint }> {
  const policy = args.policy ?? DEFAULT_SPAN_POLICY;
  const target = args.targetItems ?? LOGS_PER_READ;
  const clamp = (span: bigint) => (span < policy.min ? policy.min : span > policy.max ? policy.max : span);
  let span = clamp(args.span);
  let cursor = args.from;
  let reads = 0;
  /** The block range the node named as its limit, if it did. */
  let limit: bigint | undefined;
  /**
   * The smallest span the node refused in this run. Once a span was refused, the span stays where it
   * came down to: the limit lies somewhere between the two, and growing would hit it again.
   */
  let refused: bigint | undefined;
  let alone = false;
  const run: ReadLane = args.lane ?? ((readNow) => readNow());
  const items: T[] = [];
  while (cursor <= args.to) {
    const start = cursor;
    const end = start + span - 1n < args.to ? start + span - 1n : args.to;
    reads++;
    let got: number;
    try {
      const read = await run(() => args.read(start, end), alone);
      got = read.length;
      // One by one: spreading an answer of 100,000s of logs into push overflows the stack.
      for (const item of read) items.push(item);
    } catch (error) {
      if (args.lane && !alone && isTooLargeAnswer(error)) {
        alone = true;
        continue;
      }
      // What was asked, not the span: near the end of the range (or on a first sync, whose span
      // is far larger than the chain) halving the span would ask the same blocks again and again.
      const asked = end - start + 1n;
      if (!isLogRangeError(error) || asked <= policy.min) throw error;
      refused = refused === undefined || asked < refused ? asked : refused;
      const named = namedSpan(error);
      if (named !== undefined && named < asked) {
        // The node said its limit: go straight to it, and never grow past it in this run.
        refused = refused < named + 1n ? refused : named + 1n;
        limit = limit === undefined || named < limit ? named : limit;
        span = clamp(named);
      } else {
        span = clamp(spanThatFits(error, asked) ?? asked / 2n);
      }
      continue;
    }
    cursor = end + 1n;
    args.onProgress?.(cursor - args.from, args.to - args.from + 1n);
    // Once a span was refused in this run it only shrinks: the limit lies somewhere below.
    const next = spanForTarget(end - start + 1n, got, target);
    span = clamp(refused !== undefined && next > span ? span : next);
  }
  return { items, span, reads, ...(limit !== undefined ? { limit } : {}) };
}
