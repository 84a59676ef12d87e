import { getAddress, type Hex, isHex } from 'viem';
import type { RawLog } from '../chain/rawLogs';
import { codeValue, msg } from '../i18n/message';
import {
  type Context,
  type ExplorerFetch,
  explorerContext,
  fail,
  malformed,
  explorerRequest as request,
} from './client';
import type { ExplorerConfig } from './config';

/** Logs per page (`offset`); a page this long means there may be more. */
const PAGE_SIZE = 1000;

const HASH = /^0x[0-9a-fA-F]{64}$/;

/** A quantity as explorers write it in logs: hex ("0x" alone for zero) or decimal. */
function quantity(raw: unknown): bigint | undefined {
  if (raw === '0x') return 0n;
  if (typeof raw !== 'string' || !/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(raw)) return undefined;
  return BigInt(raw);
}

/** One log of an explorer's getLogs answer, checked; undefined when it does not read as a log. */
function toRawLog(raw: unknown): RawLog | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const item = raw as Record<string, unknown>;
  const topics = item.topics;
  const blockNumber = quantity(item.blockNumber);
  const logIndex = quantity(item.logIndex);
  const transactionIndex = quantity(item.transactionIndex);
  if (
    typeof item.address !== 'string' ||
    !/^0x[0-9a-fA-F]{40}$/.test(item.address) ||
    !Array.isArray(topics) ||
    !topics.every((t) => typeof t === 'string' && HASH.test(t)) ||
    typeof item.data !== 'string' ||
    !isHex(item.data) ||
    typeof item.transactionHash !== 'string' ||
    !HASH.test(item.transactionHash) ||
    blockNumber === undefined ||
    logIndex === undefined ||
    transactionIndex === undefined
  )
    return undefined;
  return {
    address: getAddress(item.address),
    topics: topics as Hex[],
    data: item.data as Hex,
    blockNumber,
    transactionHash: item.transactionHash as Hex,
    transactionIndex: Number(transactionIndex),
    logIndex: Number(logIndex),
  };
}

/** One page of logs from `fromBlock`, in block order as the explorer sorts them. */
async function logPage(ctx: Context, topics: { topic0: Hex; topic1: Hex }, fromBlock: bigint, toBlock: bigint) {
  const answer = await request(ctx, {
    module: 'logs',
    action: 'getLogs',
    fromBlock: String(fromBlock),
    toBlock: String(toBlock),
    topic0: topics.topic0,
    topic0_1_opr: 'and',
    topic1: topics.topic1,
    page: '1',
    offset: String(PAGE_SIZE),
  });
  // Etherscan answers "No records found" as an empty list with status 0: readAnswer makes it items.
  if (answer.kind !== 'items') throw malformed(ctx, 'getLogs: expected a list');
  return answer.items.map((raw, index) => {
    const log = toRawLog(raw);
    if (!log || log.blockNumber < fromBlock || log.blockNumber > toBlock) {
      throw malformed(ctx, `getLogs item ${index + 1}: not a log in the range asked for`);
    }
    return log;
  });
}

/**
 * Every log between two blocks (inclusive) whose first topic is one of `topic0s` and second is
 * `topic1`, from the user's explorer (logs/getLogs, one topic0 at a time). After a full page the
 * next request starts at the last block seen, and logs already read are skipped. `requests`
 * counts HTTP requests, retries included.
 *
 * Throws ExplorerError (as explorerHistory).
 */
export async function explorerLogs(args: {
  config: ExplorerConfig;
  chainId: number;
  topic0s: readonly Hex[];
  topic1: Hex;
  fromBlock: bigint;
  toBlock: bigint;
  fetch?: ExplorerFetch;
  sleep?: (ms: number) => Promise<void>;
}): Promise<{ logs: RawLog[]; requests: number }> {
  const ctx = explorerContext(args);
  const logs: RawLog[] = [];
  const seen = new Set<string>();
  for (const topic0 of args.topic0s) {
    let start = args.fromBlock;
    while (start <= args.toBlock) {
      const page = await logPage(ctx, { topic0, topic1: args.topic1 }, start, args.toBlock);
      for (const log of page) {
        const key = `${log.transactionHash}:${log.logIndex}`;
        if (!seen.has(key)) logs.push(log);
        seen.add(key);
      }
      const last = page.at(-1)?.blockNumber;
      if (page.length < PAGE_SIZE || last === undefined) break;
      if (last === start) {
        const message = msg('core.chain:explorer.tooManyApprovals', {
          host: codeValue(ctx.host),
          count: PAGE_SIZE,
          block: String(start),
        });
        throw fail(ctx, 'EXPLORER_ERROR', message, `getLogs: block ${start}`);
      }
      start = last;
    }
  }
  return { logs, requests: ctx.requests };
}
