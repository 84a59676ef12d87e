// The transport of an Etherscan API v2 (or compatible) explorer: the request URL with the key last,
// a timeout, retries while rate limited, and every failure as an ExplorerError whose text never
// holds the key. The account lists (account.ts) and verified ABIs (contracts/verifiedAbi.ts) build on it.
import { toSafeDetails } from '../errors/base';
import { ExplorerError } from '../errors/explorer';
import { codeValue, type Message, msg } from '../i18n/message';
import type { ExplorerConfig } from './config';
import { type ExplorerAnswer, readAnswer } from './parse';

export type ExplorerFetch = (
  url: string,
  init?: { signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/** Waits before each retry of a rate-limited request. */
const RETRY_DELAYS = [1200, 2400, 4800] as const;
const TIMEOUT_MS = 15_000;

const defaultFetch: ExplorerFetch = (url, init) =>
  globalThis.fetch(url, { signal: init?.signal, credentials: 'omit', referrerPolicy: 'no-referrer' });
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type Context = {
  config: ExplorerConfig;
  chainId: number;
  host: string;
  fetch: ExplorerFetch;
  sleep: (ms: number) => Promise<void>;
  requests: number;
};

export function explorerContext(args: {
  config: ExplorerConfig;
  chainId: number;
  fetch?: ExplorerFetch | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}): Context {
  let host: string;
  try {
    host = new URL(args.config.baseUrl).host;
  } catch {
    throw new ExplorerError('EXPLORER_ERROR', msg('core.chain:explorer.badUrl'), { host: '' });
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
export function safe(ctx: Context, raw: unknown): string {
  let text = raw instanceof Error ? `${raw.name}: ${raw.message}` : String(raw);
  const key = ctx.config.apiKey;
  if (key !== '') {
    const forms = [key, encodeURIComponent(key), new URLSearchParams({ k: key }).toString().slice(2)];
    for (const form of forms) text = text.split(form).join('[API key]');
  }
  return toSafeDetails(text);
}

export function fail(ctx: Context, code: ExplorerError['code'], message: Message, details?: string): ExplorerError {
  return new ExplorerError(code, message, { host: ctx.host, details });
}

export function malformed(ctx: Context, problem: string): ExplorerError {
  return fail(
    ctx,
    'EXPLORER_MALFORMED',
    msg('core.chain:explorer.malformed', { host: codeValue(ctx.host) }),
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
        msg('core.chain:explorer.timeout', { host: codeValue(ctx.host), seconds: TIMEOUT_MS / 1000 }),
      );
    }
    throw fail(
      ctx,
      'EXPLORER_UNAVAILABLE',
      msg('core.chain:explorer.unreachable', { host: codeValue(ctx.host) }),
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
    const message = msg('core.chain:explorer.trouble', { host: codeValue(ctx.host), status: String(answer.status) });
    throw fail(ctx, 'EXPLORER_UNAVAILABLE', message, details);
  }
  const message = msg('core.chain:explorer.http', { host: codeValue(ctx.host), status: String(answer.status) });
  throw fail(ctx, 'EXPLORER_ERROR', message, details);
}

/** A request, retried with growing waits while rate limited; refusals become typed errors. */
export async function explorerRequest(
  ctx: Context,
  params: Record<string, string>,
  onRefused?: (text: string) => void,
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
          const message = msg('core.chain:explorer.rateLimited', {
            host: codeValue(ctx.host),
            retries: RETRY_DELAYS.length,
          });
          throw fail(ctx, 'EXPLORER_RATE_LIMITED', message, details);
        }
        await ctx.sleep(delay);
        break;
      }
      case 'invalidKey':
        throw fail(
          ctx,
          'EXPLORER_INVALID_KEY',
          msg('core.chain:explorer.invalidKey', { host: codeValue(ctx.host) }),
          details,
        );
      case 'unsupportedChain': {
        const values = { host: codeValue(ctx.host), chainId: String(ctx.chainId) };
        const message = answer.plan
          ? msg('core.chain:explorer.unsupportedChainPlan', values)
          : msg('core.chain:explorer.unsupportedChain', values);
        throw fail(ctx, 'EXPLORER_UNSUPPORTED_CHAIN', message, details);
      }
      case 'refused':
        onRefused?.(answer.text);
        throw fail(ctx, 'EXPLORER_ERROR', msg('core.chain:explorer.refused', { host: codeValue(ctx.host) }), details);
      case 'malformed':
        throw malformed(ctx, `${action}: ${answer.problem}`);
    }
  }
}
