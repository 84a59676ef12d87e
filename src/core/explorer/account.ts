import { type Address, zeroAddress } from 'viem';
import { codeValue, msg } from '../i18n/message';
import {
  type Context,
  explorerContext as context,
  type ExplorerFetch,
  fail,
  malformed,
  explorerRequest as request,
} from './client';
import type { ExplorerConfig } from './config';
import { type ExplorerInternalTx, type ExplorerTx, ItemProblem, toExplorerInternalTx, toExplorerTx } from './parse';

/** Items per page (`offset`); a page this long means there may be more. */
const PAGE_SIZE = 1000;
/** Pages read within one block before giving up (Etherscan serves at most 10 000 rows per query). */
const MAX_BLOCK_PAGES = 10;
type Range = { address: Address; fromBlock: bigint; toBlock: bigint };

/** One page of `action` between two blocks, each item checked, in ascending block order. */
async function fetchPage<T extends { blockNumber: bigint }>(
  ctx: Context,
  action: string,
  convert: (raw: unknown) => T,
  range: Range,
  page: number,
): Promise<T[]> {
  const answer = await request(ctx, {
    module: 'account',
    action,
    address: range.address,
    startblock: String(range.fromBlock),
    endblock: String(range.toBlock),
    page: String(page),
    offset: String(PAGE_SIZE),
    sort: 'asc',
  });
  if (answer.kind !== 'items') throw malformed(ctx, `${action}: expected a list`);
  let previous = range.fromBlock;
  return answer.items.map((raw, index) => {
    let item: T;
    try {
      item = convert(raw);
    } catch (error) {
      if (!(error instanceof ItemProblem)) throw error;
      throw malformed(ctx, `${action} item ${index + 1}: ${error.message}`);
    }
    if (item.blockNumber < previous || item.blockNumber > range.toBlock) {
      throw malformed(ctx, `${action} item ${index + 1}: block out of order or outside the range asked for`);
    }
    previous = item.blockNumber;
    return item;
  });
}

/**
 * Identity of each item for de-duplication across overlapping pages: its base key plus how many
 * identical items came before it in the same answer (two equal internal transfers in one
 * transaction stay two). `counts` carries on across pages of one block.
 */
function keysOf<T>(items: readonly T[], baseKey: (item: T) => string, counts: Map<string, number>): string[] {
  return items.map((item) => {
    const base = baseKey(item);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    return `${base}#${n}`;
  });
}

/**
 * Every item of `action` in the range. Pages by block: after a full page, the next request starts
 * at the last block seen, and items of that block already collected are skipped. A block with more
 * than a page of items is read with page=2, 3… up to MAX_BLOCK_PAGES.
 */
async function collect<T extends { blockNumber: bigint }>(
  ctx: Context,
  action: string,
  convert: (raw: unknown) => T,
  baseKey: (item: T) => string,
  range: Range,
): Promise<T[]> {
  const out: T[] = [];
  let start = range.fromBlock;
  let seen = new Set<string>();
  const keep = (items: T[], keys: string[]) =>
    items.forEach((item, i) => {
      if (item.blockNumber !== start || !seen.has(keys[i] ?? '')) out.push(item);
    });
  for (;;) {
    const counts = new Map<string, number>();
    const page = await fetchPage(ctx, action, convert, { ...range, fromBlock: start }, 1);
    const keys = keysOf(page, baseKey, counts);
    keep(page, keys);
    const last = page.at(-1)?.blockNumber;
    if (page.length < PAGE_SIZE || last === undefined) return out;
    if (last > start) {
      seen = new Set(keys.filter((_, i) => page[i]?.blockNumber === last));
      start = last;
      continue;
    }
    // The whole page lies in block `start`: read the rest of that block page by page.
    for (let pageNo = 2; ; pageNo++) {
      if (pageNo > MAX_BLOCK_PAGES) {
        const message = msg('core.chain:explorer.tooManyItems', {
          host: codeValue(ctx.host),
          count: MAX_BLOCK_PAGES * PAGE_SIZE,
          block: String(start),
        });
        throw fail(ctx, 'EXPLORER_ERROR', message, `${action}: block ${start}`);
      }
      const more = await fetchPage(ctx, action, convert, { ...range, fromBlock: start, toBlock: start }, pageNo);
      keep(more, keysOf(more, baseKey, counts));
      if (more.length < PAGE_SIZE) break;
    }
    if (start >= range.toBlock) return out;
    start += 1n;
    seen = new Set();
  }
}

/**
 * The normal and internal transactions of `address` between two blocks (inclusive), read from the
 * user's explorer, in ascending block order. `requests` counts HTTP requests, retries included.
 *
 * Throws ExplorerError: EXPLORER_RATE_LIMITED, EXPLORER_INVALID_KEY, EXPLORER_UNSUPPORTED_CHAIN,
 * EXPLORER_UNAVAILABLE, EXPLORER_MALFORMED, EXPLORER_ERROR.
 */
export async function explorerHistory(args: {
  config: ExplorerConfig;
  chainId: number;
  address: Address;
  fromBlock: bigint;
  toBlock: bigint;
  fetch?: ExplorerFetch;
  sleep?: (ms: number) => Promise<void>;
}): Promise<{ normal: ExplorerTx[]; internal: ExplorerInternalTx[]; requests: number }> {
  const ctx = context(args);
  if (args.fromBlock > args.toBlock) return { normal: [], internal: [], requests: 0 };
  const normal = await collect(ctx, 'txlist', toExplorerTx, (tx) => tx.hash, args);
  const internal = await collect(
    ctx,
    'txlistinternal',
    toExplorerInternalTx,
    (tx) => `${tx.hash}:${tx.from}:${tx.to ?? ''}:${tx.value}`,
    args,
  );
  return { normal, internal, requests: ctx.requests };
}

/**
 * One cheap request (the balance of the zero address) that proves the URL answers like an
 * Etherscan API, accepts the key and serves the chain. For the Settings form.
 *
 * Throws ExplorerError with the same codes as explorerHistory.
 */
export async function checkExplorer(args: {
  config: ExplorerConfig;
  chainId: number;
  fetch?: ExplorerFetch;
  sleep?: (ms: number) => Promise<void>;
}): Promise<void> {
  const ctx = context(args);
  const answer = await request(ctx, { module: 'account', action: 'balance', address: zeroAddress, tag: 'latest' });
  if (answer.kind !== 'value' || !/^\d+$/.test(answer.value)) throw malformed(ctx, 'balance: expected a whole number');
}
