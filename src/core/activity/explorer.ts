import { type Address, zeroAddress } from 'viem';
import { toSafeDetails } from '../errors/base';
import { ExplorerError } from '../errors/explorer';
import {
  type ExplorerAnswer,
  type ExplorerInternalTx,
  type ExplorerTx,
  ItemProblem,
  readAnswer,
  toExplorerInternalTx,
  toExplorerTx,
} from './explorerParse';

export type { ExplorerInternalTx, ExplorerTx } from './explorerParse';
export { explorerConfigProblem } from './explorerParse';

/** A user-configured Etherscan API v2 (or compatible) endpoint and the user's own key. */
export type ExplorerConfig = { baseUrl: string; apiKey: string };

export type ExplorerFetch = (
  url: string,
  init?: { signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/** Items per page (`offset`); a page this long means there may be more. */
const PAGE_SIZE = 1000;
/** Pages read within one block before giving up (Etherscan serves at most 10 000 rows per query). */
const MAX_BLOCK_PAGES = 10;
/** Waits before each retry of a rate-limited request. */
const RETRY_DELAYS = [1200, 2400, 4800] as const;
const TIMEOUT_MS = 15_000;

const defaultFetch: ExplorerFetch = (url, init) =>
  globalThis.fetch(url, { signal: init?.signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Context = {
  config: ExplorerConfig;
  chainId: number;
  host: string;
  fetch: ExplorerFetch;
  sleep: (ms: number) => Promise<void>;
  requests: number;
};

function context(args: {
  config: ExplorerConfig;
  chainId: number;
  fetch?: ExplorerFetch | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}): Context {
  let host: string;
  try {
    host = new URL(args.config.baseUrl).host;
  } catch {
    throw new ExplorerError(
      'EXPLORER_ERROR',
      'The explorer API URL is not valid: check it in Settings → History explorers.',
      {
        host: '',
      },
    );
  }
  return { ...args, host, fetch: args.fetch ?? defaultFetch, sleep: args.sleep ?? defaultSleep, requests: 0 };
}

/** `baseUrl` with Cairn's parameters added (any query already there is kept) and the key last. */
function requestUrl(ctx: Context, params: Record<string, string>): string {
  const url = new URL(ctx.config.baseUrl);
  url.searchParams.set('chainid', String(ctx.chainId));
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set('apikey', ctx.config.apiKey);
  return url.toString();
}

/** One line of explorer or network text for `details`, with the API key (in any encoding) masked. */
function safe(ctx: Context, raw: unknown): string {
  let text = raw instanceof Error ? `${raw.name}: ${raw.message}` : String(raw);
  const key = ctx.config.apiKey;
  if (key !== '') {
    const forms = [key, encodeURIComponent(key), new URLSearchParams({ k: key }).toString().slice(2)];
    for (const form of forms) text = text.split(form).join('[API key]');
  }
  return toSafeDetails(text);
}

function fail(ctx: Context, code: ExplorerError['code'], message: string, details?: string): ExplorerError {
  return new ExplorerError(code, message, { host: ctx.host, details });
}

function malformed(ctx: Context, problem: string): ExplorerError {
  return fail(
    ctx,
    'EXPLORER_MALFORMED',
    `The explorer at ${ctx.host} sent an answer Cairn cannot read. Check the explorer API URL in Settings → History explorers.`,
    safe(ctx, problem),
  );
}

/** One HTTP request with a timeout. Returns what the answer says; throws for network and HTTP failures. */
async function requestOnce(ctx: Context, action: string, url: string): Promise<ExplorerAnswer> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error('timeout'));
    }, TIMEOUT_MS);
  });
  ctx.requests++;
  let answer: { ok: boolean; status: number; body: string };
  try {
    const read = async () => {
      const response = await ctx.fetch(url, { signal: controller.signal });
      return { ok: response.ok, status: response.status, body: await response.text() };
    };
    answer = await Promise.race([read(), timeout]);
  } catch (error) {
    if (controller.signal.aborted) {
      throw fail(
        ctx,
        'EXPLORER_UNAVAILABLE',
        `The explorer at ${ctx.host} did not answer within 15 s. Try again later.`,
      );
    }
    throw fail(
      ctx,
      'EXPLORER_UNAVAILABLE',
      `Cairn could not reach the explorer at ${ctx.host}. Check your connection and try again.`,
      `${action}: ${safe(ctx, error)}`,
    );
  } finally {
    clearTimeout(timer);
  }
  if (answer.status === 429) return { kind: 'rateLimited', text: 'HTTP 429' };
  if (answer.ok) return readAnswer(answer.body);
  const said = readAnswer(answer.body);
  if (said.kind === 'rateLimited' || said.kind === 'invalidKey' || said.kind === 'unsupportedChain') return said;
  const details = `${action}: HTTP ${answer.status} ${safe(ctx, answer.body).slice(0, 120)}`.trim();
  if (answer.status >= 500 || answer.status === 408) {
    const message = `The explorer at ${ctx.host} is having trouble (HTTP ${answer.status}). Try again in a few minutes.`;
    throw fail(ctx, 'EXPLORER_UNAVAILABLE', message, details);
  }
  const message = `The explorer at ${ctx.host} answered HTTP ${answer.status}. Check the explorer API URL and key in Settings → History explorers.`;
  throw fail(ctx, 'EXPLORER_ERROR', message, details);
}

/** A request, retried with growing waits while rate limited; refusals become typed errors. */
async function request(
  ctx: Context,
  params: Record<string, string>,
): Promise<Extract<ExplorerAnswer, { kind: 'items' | 'value' }>> {
  const action = params.action ?? '';
  const url = requestUrl(ctx, params);
  for (let attempt = 0; ; attempt++) {
    const answer = await requestOnce(ctx, action, url);
    const details = 'text' in answer ? `${action}: ${safe(ctx, answer.text)}` : undefined;
    switch (answer.kind) {
      case 'items':
      case 'value':
        return answer;
      case 'rateLimited': {
        const delay = RETRY_DELAYS[attempt];
        if (delay === undefined) {
          const message = `The explorer at ${ctx.host} is limiting requests and still refused after ${RETRY_DELAYS.length} retries. Wait a minute and try again, or use an API key with a higher limit.`;
          throw fail(ctx, 'EXPLORER_RATE_LIMITED', message, details);
        }
        await ctx.sleep(delay);
        break;
      }
      case 'invalidKey':
        throw fail(
          ctx,
          'EXPLORER_INVALID_KEY',
          `The explorer at ${ctx.host} refused the API key: check it in Settings → History explorers.`,
          details,
        );
      case 'unsupportedChain': {
        const why = answer.plan ? ' with this API key’s plan' : '';
        const message = `The explorer at ${ctx.host} does not serve chain id ${ctx.chainId}${why}: choose another explorer or key for this network in Settings → History explorers.`;
        throw fail(ctx, 'EXPLORER_UNSUPPORTED_CHAIN', message, details);
      }
      case 'refused':
        throw fail(
          ctx,
          'EXPLORER_ERROR',
          `The explorer at ${ctx.host} refused the request. Try again later, or check the explorer in Settings → History explorers.`,
          details,
        );
      case 'malformed':
        throw malformed(ctx, `${action}: ${answer.problem}`);
    }
  }
}

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
        const message = `The explorer at ${ctx.host} lists more than ${MAX_BLOCK_PAGES * PAGE_SIZE} items in block ${start} for this address, more than Cairn can page through.`;
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
