import { getAddress } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExplorerError } from '@/core/errors/explorer';
import balance from '@/testing/fixtures/etherscan/balance.json';
import chainNotInPlan from '@/testing/fixtures/etherscan/chain-not-in-plan.json';
import invalidKey from '@/testing/fixtures/etherscan/invalid-key.json';
import noRecords from '@/testing/fixtures/etherscan/no-records.json';
import notokOther from '@/testing/fixtures/etherscan/notok-other.json';
import rateLimit from '@/testing/fixtures/etherscan/rate-limit.json';
import rateLimitPerSecond from '@/testing/fixtures/etherscan/rate-limit-per-second.json';
import txlist from '@/testing/fixtures/etherscan/txlist.json';
import txlistMalformed from '@/testing/fixtures/etherscan/txlist-malformed-item.json';
import txlistinternal from '@/testing/fixtures/etherscan/txlistinternal.json';
import internalMissingField from '@/testing/fixtures/etherscan/txlistinternal-missing-field.json';
import unsupportedChain from '@/testing/fixtures/etherscan/unsupported-chain.json';
import { checkExplorer, explorerHistory } from './account';
import type { ExplorerFetch } from './client';

const KEY = 'CAIRNTESTKEY7Q2W9E4R1T6Y3U8I5O0PZ';
const config = { baseUrl: 'https://api.etherscan.io/v2/api', apiKey: KEY };
const ME = getAddress('0x5c3e9a1f0b7d24e6a8c13f92d05b7e4a61c8d2f3');
const range = { chainId: 1, address: ME, fromBlock: 0n, toBlock: 20_000_000n };
const noSleep = async () => {};

type Reply = { status?: number; body: string } | Error;
type Raw = Record<string, string>;
const json = (value: unknown, status = 200): Reply => ({ status, body: JSON.stringify(value) });

/** A fetch answering from `reply` and recording every URL it was asked for. */
function fakeFetch(reply: (url: URL) => Reply | Promise<Reply>) {
  const urls: URL[] = [];
  const fetch: ExplorerFetch = async (url) => {
    const parsed = new URL(url);
    urls.push(parsed);
    const answer = await reply(parsed);
    if (answer instanceof Error) throw answer;
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, text: async () => answer.body };
  };
  return { fetch, urls };
}

/** Replies in turn per action (the last one repeats); an action not listed has no records. */
function scripted(script: Partial<Record<string, Reply[]>>) {
  const turns = new Map<string, number>();
  return fakeFetch((url) => {
    const action = url.searchParams.get('action') ?? '';
    const replies = script[action] ?? [json(noRecords)];
    const turn = turns.get(action) ?? 0;
    turns.set(action, turn + 1);
    return replies[Math.min(turn, replies.length - 1)] ?? json(noRecords);
  });
}

/** Serves data sets the way Etherscan does: block range, then page × offset, at most 10 000 rows. */
function emulator(data: Partial<Record<string, Raw[]>>) {
  return fakeFetch((url) => {
    const p = url.searchParams;
    const [start, end] = [BigInt(p.get('startblock') ?? ''), BigInt(p.get('endblock') ?? '')];
    const [page, offset] = [Number(p.get('page')), Number(p.get('offset'))];
    if (page * offset > 10_000) return json({ status: '0', message: 'NOTOK', result: 'Page window too large' });
    const inRange = (data[p.get('action') ?? ''] ?? []).filter((item) => {
      const block = BigInt(item.blockNumber ?? '');
      return block >= start && block <= end;
    });
    const rows = inRange.slice((page - 1) * offset, page * offset);
    return json(rows.length > 0 ? { status: '1', message: 'OK', result: rows } : noRecords);
  });
}

const hex64 = (a: number, b: number) => `0x${a.toString(16).padStart(32, '0')}${b.toString(16).padStart(32, '0')}`;
const txAt = (block: number, n: number): Raw => ({
  ...txlist.result[0],
  blockNumber: String(block),
  hash: hex64(block, n),
});
const internalAt = (block: number, n: number): Raw => ({
  ...txlistinternal.result[0],
  blockNumber: String(block),
  hash: hex64(block, n),
});

async function failure(run: Promise<unknown>): Promise<ExplorerError> {
  try {
    await run;
  } catch (error) {
    expect(error).toBeInstanceOf(ExplorerError);
    return error as ExplorerError;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('explorerHistory', () => {
  it('converts every field of the recorded answers, checksumming addresses', async () => {
    const { fetch } = scripted({ txlist: [json(txlist)], txlistinternal: [json(txlistinternal)] });
    const { normal, internal, requests } = await explorerHistory({ config, ...range, fetch });
    expect(requests).toBe(2);
    expect(normal).toHaveLength(4);
    expect(normal[0]).toEqual({
      hash: txlist.result[0]?.hash,
      blockNumber: 19654301n,
      timestamp: 1713012347,
      from: getAddress(txlist.result[0]?.from ?? ''),
      to: ME,
      value: 1_500_000_000_000_000_000n,
      gasUsed: 21000n,
      gasPrice: 14231542077n,
      isError: false,
      input: '0x',
      nonce: 41,
    });
    expect(normal[1]?.input).toBe(txlist.result[1]?.input);
    expect(normal[2]?.to).toBeUndefined(); // contract creation
    expect(normal[3]?.isError).toBe(true);
    expect(internal.map((tx) => [tx.value, tx.to === undefined, tx.isError])).toEqual([
      [731_000_000_000_000_000n, false, false],
      [0n, true, false],
      [5_000_000_000_000_000n, false, true],
    ]);
    expect(internal[0]?.from).toBe(getAddress(txlistinternal.result[0]?.from ?? ''));
  });

  it('treats "No transactions found" as empty, not as an error', async () => {
    const { fetch } = scripted({});
    expect(await explorerHistory({ config, ...range, fetch })).toEqual({ normal: [], internal: [], requests: 2 });
  });

  it('asks nothing for an empty block range', async () => {
    const { fetch, urls } = scripted({});
    const result = await explorerHistory({ config, ...range, fromBlock: 10n, toBlock: 9n, fetch });
    expect(result.requests).toBe(0);
    expect(urls).toHaveLength(0);
  });

  it('builds the request URLs from the base URL, keeping its own query', async () => {
    const { fetch, urls } = scripted({});
    const base = { ...config, baseUrl: 'https://explorer.example.org/v2/api?team=cairn' };
    await explorerHistory({ config: base, ...range, chainId: 10, fromBlock: 5n, toBlock: 99n, fetch });
    expect(urls.map((u) => `${u.origin}${u.pathname}`)).toEqual(Array(2).fill('https://explorer.example.org/v2/api'));
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({
      team: 'cairn',
      chainid: '10',
      module: 'account',
      action: 'txlist',
      address: ME,
      startblock: '5',
      endblock: '99',
      page: '1',
      offset: '1000',
      sort: 'asc',
      apikey: KEY,
    });
    expect(urls[1]?.searchParams.get('action')).toBe('txlistinternal');
  });

  it('pages by block across full pages, dropping the overlap of the boundary block', async () => {
    // Three transactions per block: every page ends part-way through a block.
    const normal = Array.from({ length: 2600 }, (_, i) => txAt(19_000_000 + Math.floor(i / 3), i));
    // Three identical internal transfers straddle the page boundary; all three are real.
    const internal = [
      ...Array.from({ length: 998 }, (_, i) => internalAt(18_000_000 + i, 0)),
      ...[0, 1, 2].map(() => internalAt(18_500_000, 7)),
      internalAt(18_500_001, 0),
    ];
    const { fetch, urls } = emulator({ txlist: normal, txlistinternal: internal });
    const result = await explorerHistory({ config, ...range, fetch });
    expect(result.normal.map((tx) => tx.hash)).toEqual(normal.map((tx) => tx.hash));
    expect(result.internal.map((tx) => `${tx.blockNumber}:${tx.hash}`)).toEqual(
      internal.map((tx) => `${tx.blockNumber}:${tx.hash}`),
    );
    expect(urls.map((u) => `${u.searchParams.get('action')}@${u.searchParams.get('startblock')}`)).toEqual([
      'txlist@0',
      'txlist@19000333',
      'txlist@19000666',
      'txlistinternal@0',
      'txlistinternal@18500000',
    ]);
    expect(result.requests).toBe(5);
  });

  it('reads a block holding more than a page with page=2, 3…', async () => {
    const normal = [
      ...Array.from({ length: 10 }, (_, i) => txAt(499, i)),
      ...Array.from({ length: 2300 }, (_, i) => txAt(500, i)),
      ...Array.from({ length: 5 }, (_, i) => txAt(501 + i, 0)),
    ];
    const { fetch, urls } = emulator({ txlist: normal });
    const result = await explorerHistory({ config, ...range, fetch });
    expect(result.normal.map((tx) => tx.hash)).toEqual(normal.map((tx) => tx.hash));
    const asked = urls.map((u) => ['startblock', 'endblock', 'page'].map((p) => u.searchParams.get(p)).join(' '));
    expect(asked).toEqual([
      '0 20000000 1',
      '500 20000000 1',
      '500 500 2',
      '500 500 3',
      '501 20000000 1',
      '0 20000000 1', // txlistinternal
    ]);
  });

  it('stops with a clear error when one block holds more than ten pages', async () => {
    const { fetch, urls } = emulator({ txlist: Array.from({ length: 10_001 }, (_, i) => txAt(700, i)) });
    const error = await failure(explorerHistory({ config, ...range, fromBlock: 700n, fetch }));
    expect(error.code).toBe('EXPLORER_ERROR');
    expect(error.message).toMatch(/more than 10,000 items in block 700/);
    expect(urls).toHaveLength(10);
  });

  it('retries a rate limit with growing waits, counting every request', async () => {
    const sleep = vi.fn(noSleep);
    const { fetch } = scripted({ txlist: [json(rateLimitPerSecond), json(rateLimit), json(txlist)] });
    const result = await explorerHistory({ config, ...range, fetch, sleep });
    expect(result.normal).toHaveLength(4);
    expect(result.requests).toBe(4);
    expect(sleep.mock.calls).toEqual([[1200], [2400]]);
  });

  it('gives up after three retries (JSON refusal or HTTP 429)', async () => {
    for (const reply of [json(rateLimitPerSecond), { status: 429, body: 'Too Many Requests' }]) {
      const sleep = vi.fn(noSleep);
      const { fetch, urls } = scripted({ txlist: [reply] });
      const error = await failure(explorerHistory({ config, ...range, fetch, sleep }));
      expect(error.code).toBe('EXPLORER_RATE_LIMITED');
      expect(error.message).toContain('api.etherscan.io');
      expect(sleep.mock.calls).toEqual([[1200], [2400], [4800]]);
      expect(urls).toHaveLength(4);
    }
  });

  it.each([
    ['an invalid key', json(invalidKey), 'EXPLORER_INVALID_KEY', /refused the API key: check it in Settings/],
    ['an unsupported chain', json(unsupportedChain), 'EXPLORER_UNSUPPORTED_CHAIN', /does not serve chain id 1:/],
    ['a chain outside the plan', json(chainNotInPlan), 'EXPLORER_UNSUPPORTED_CHAIN', /with this API key’s plan/],
    ['another refusal', json(notokOther), 'EXPLORER_ERROR', /refused the request/],
    ['HTTP 500', { status: 500, body: '<html>Internal Server Error</html>' }, 'EXPLORER_UNAVAILABLE', /HTTP 500/],
    ['HTTP 404', { status: 404, body: 'Not Found' }, 'EXPLORER_ERROR', /HTTP 404.*Check the explorer API URL/],
    ['a refusal sent with HTTP 403', json(invalidKey, 403), 'EXPLORER_INVALID_KEY', /refused the API key/],
    ['a network failure', new TypeError('fetch failed'), 'EXPLORER_UNAVAILABLE', /could not reach/],
    ['a non-JSON body', { body: '<html>Bad Gateway</html>' }, 'EXPLORER_MALFORMED', /cannot read/],
    ['a malformed item', json(txlistMalformed), 'EXPLORER_MALFORMED', /cannot read/],
    ['a status it does not know', json({ status: '2', message: 'OK', result: [] }), 'EXPLORER_MALFORMED', /read/],
  ] as const)('turns %s into a typed error naming the explorer', async (_, reply, code, message) => {
    const { fetch, urls } = scripted({ txlist: [reply] });
    const error = await failure(explorerHistory({ config, ...range, fetch, sleep: noSleep }));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(error.message).toContain('api.etherscan.io');
    expect(error.host).toBe('api.etherscan.io');
    expect(urls).toHaveLength(1);
  });

  it('names the faulty item and field of a malformed answer', async () => {
    const bad = await failure(
      explorerHistory({ config, ...range, fetch: scripted({ txlist: [json(txlistMalformed)] }).fetch }),
    );
    expect(bad.details).toBe('txlist item 2: field “hash” is not a transaction hash');
    const missing = scripted({ txlistinternal: [json(internalMissingField)] });
    const error = await failure(explorerHistory({ config, ...range, fetch: missing.fetch }));
    expect(error.details).toBe('txlistinternal item 1: field “from” is missing or not a string');
  });

  it('refuses items out of order or outside the blocks asked for', async () => {
    const reversed = { ...txlist, result: [...txlist.result].reverse() };
    const error = await failure(
      explorerHistory({ config, ...range, fetch: scripted({ txlist: [json(reversed)] }).fetch }),
    );
    expect(error.code).toBe('EXPLORER_MALFORMED');
    const outside = await failure(
      explorerHistory({ config, ...range, toBlock: 19654301n, fetch: scripted({ txlist: [json(txlist)] }).fetch }),
    );
    expect(outside.details).toMatch(/item 2: block out of order or outside the range/);
  });

  it('gives up on a request after 15 s', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetch: ExplorerFetch = (_url, init) => {
      signal = init?.signal;
      return new Promise(() => {});
    };
    const run = failure(explorerHistory({ config, ...range, fetch }));
    await vi.advanceTimersByTimeAsync(15_000);
    const error = await run;
    expect(error.code).toBe('EXPLORER_UNAVAILABLE');
    expect(error.message).toMatch(/did not answer within 15 s/);
    expect(signal?.aborted).toBe(true);
  });
});

describe('checkExplorer', () => {
  it('asks for one balance and accepts a whole number', async () => {
    const { fetch, urls } = scripted({ balance: [json(balance)] });
    await expect(checkExplorer({ config, chainId: 8453, fetch })).resolves.toBeUndefined();
    expect(urls).toHaveLength(1);
    expect(urls[0]?.searchParams.get('chainid')).toBe('8453');
    expect(urls[0]?.searchParams.get('module')).toBe('account');
    expect(urls[0]?.searchParams.get('action')).toBe('balance');
    expect(urls[0]?.searchParams.get('apikey')).toBe(KEY);
  });

  it.each([
    ['invalid key', json(invalidKey), 'EXPLORER_INVALID_KEY'],
    ['unsupported chain', json(unsupportedChain), 'EXPLORER_UNSUPPORTED_CHAIN'],
    ['server error', { status: 503, body: '' }, 'EXPLORER_UNAVAILABLE'],
    ['list instead of a value', json(txlist), 'EXPLORER_MALFORMED'],
    ['value that is not a number', json({ status: '1', message: 'OK', result: 'lots' }), 'EXPLORER_MALFORMED'],
  ] as const)('throws for %s', async (_, reply, code) => {
    const { fetch } = scripted({ balance: [reply] });
    expect((await failure(checkExplorer({ config, chainId: 1, fetch }))).code).toBe(code);
  });

  it('retries a rate limit like history does, and refuses a base URL that is not a URL', async () => {
    const sleep = vi.fn(noSleep);
    await checkExplorer({
      config,
      chainId: 1,
      sleep,
      fetch: scripted({ balance: [json(rateLimit), json(balance)] }).fetch,
    });
    expect(sleep.mock.calls).toEqual([[1200]]);
    const error = await failure(checkExplorer({ config: { ...config, baseUrl: 'not a url' }, chainId: 1 }));
    expect(error.code).toBe('EXPLORER_ERROR');
  });
});

describe('the API key', () => {
  it('never appears in any error, even when the explorer or network echoes it', async () => {
    const secret = 'CAIRN+TEST/KEY=7Q2W9E4R1T6Y3U8I';
    const secretConfig = { ...config, apiKey: secret };
    const echo = (text: string) => json({ status: '0', message: 'NOTOK', result: text });
    const replies: ((url: URL) => Reply)[] = [
      () => echo(`Invalid API Key (#err2)|${secret}`),
      () => echo(`Max calls per sec rate limit reached for ${secret}`),
      (url) => echo(`Missing or unsupported chainid parameter: ${url}`),
      (url) => echo(`Error! Unknown request ${url}`),
      (url) => ({ status: 500, body: `upstream failed for ${url}` }),
      (url) => ({ status: 404, body: `${url} not found` }),
      (url) => ({ body: `not json ${url}` }),
      (url) => json({ status: '1', message: 'OK', result: [{ ...txlist.result[0], hash: url.toString() }] }),
      (url) => new TypeError(`fetch failed: ${url}`),
    ];
    const errors: ExplorerError[] = [];
    for (const reply of replies) {
      errors.push(
        await failure(
          explorerHistory({ config: secretConfig, ...range, fetch: fakeFetch(reply).fetch, sleep: noSleep }),
        ),
      );
      errors.push(
        await failure(
          checkExplorer({ config: secretConfig, chainId: 1, fetch: fakeFetch(reply).fetch, sleep: noSleep }),
        ),
      );
    }
    expect(new Set(errors.map((e) => e.code)).size).toBe(6);
    for (const error of errors) {
      const texts = [
        error.message,
        error.shortMessage,
        error.details,
        String(error),
        error.stack,
        JSON.stringify(error),
      ];
      for (let cause: unknown = error.cause; cause instanceof Error; cause = cause.cause) texts.push(cause.message);
      for (const text of texts) {
        for (const form of [secret, encodeURIComponent(secret), 'CAIRN+TEST', 'CAIRN%2BTEST']) {
          expect(text ?? '').not.toContain(form);
        }
      }
    }
  });
});
