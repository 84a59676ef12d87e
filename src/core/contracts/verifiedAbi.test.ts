import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { ContractNotVerifiedError, ExplorerError } from '@/core/errors/explorer';
import type { ExplorerFetch } from '@/core/explorer/client';
import chainNotInPlan from '@/testing/fixtures/etherscan/chain-not-in-plan.json';
import invalidKey from '@/testing/fixtures/etherscan/invalid-key.json';
import rateLimitPerSecond from '@/testing/fixtures/etherscan/rate-limit-per-second.json';
import unsupportedChain from '@/testing/fixtures/etherscan/unsupported-chain.json';
import { listFunctions } from './functions';
import { fetchVerifiedAbi } from './verifiedAbi';

const KEY = 'CAIRNTESTKEY7Q2W9E4R1T6Y3U8I5O0PZ';
const config = { baseUrl: 'https://api.etherscan.io/v2/api', apiKey: KEY };
const WETH = getAddress('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2');
const noSleep = async () => {};

// Answers in the shapes Etherscan API v2 gives for module=contract&action=getabi: the ABI as JSON
// text in `result` (status "1"), or a refusal sentence in `result` (status "0", message "NOTOK").
const WETH_ABI_TEXT =
  '[{"constant":true,"inputs":[],"name":"name","outputs":[{"name":"","type":"string"}],"payable":false,"stateMutability":"view","type":"function"},{"constant":false,"inputs":[{"name":"guy","type":"address"},{"name":"wad","type":"uint256"}],"name":"approve","outputs":[{"name":"","type":"bool"}],"payable":false,"stateMutability":"nonpayable","type":"function"},{"constant":true,"inputs":[],"name":"decimals","outputs":[{"name":"","type":"uint8"}],"payable":false,"stateMutability":"view","type":"function"},{"constant":true,"inputs":[{"name":"","type":"address"}],"name":"balanceOf","outputs":[{"name":"","type":"uint256"}],"payable":false,"stateMutability":"view","type":"function"},{"constant":false,"inputs":[],"name":"deposit","outputs":[],"payable":true,"stateMutability":"payable","type":"function"},{"payable":true,"stateMutability":"payable","type":"fallback"},{"anonymous":false,"inputs":[{"indexed":true,"name":"src","type":"address"},{"indexed":true,"name":"guy","type":"address"},{"indexed":false,"name":"wad","type":"uint256"}],"name":"Approval","type":"event"}]';
const verified = { status: '1', message: 'OK', result: WETH_ABI_TEXT };
const notVerified = { status: '0', message: 'NOTOK', result: 'Contract source code not verified' };
const invalidAddress = { status: '0', message: 'NOTOK', result: 'Invalid Address format' };

type Reply = { status?: number; body: string } | Error;
const json = (value: unknown, status = 200): Reply => ({ status, body: JSON.stringify(value) });

/** A fetch answering each request in turn from `replies` (the last repeats), recording what it was asked. */
function fakeFetch(...replies: Reply[]) {
  const calls: { url: URL; init: unknown }[] = [];
  const fetch: ExplorerFetch = async (url, init) => {
    calls.push({ url: new URL(url), init });
    const answer = replies[Math.min(calls.length - 1, replies.length - 1)] as Reply;
    if (answer instanceof Error) throw answer;
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, text: async () => answer.body };
  };
  return { fetch, calls };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('fetchVerifiedAbi', () => {
  it('asks getabi for the checksummed address on the chain with the key, and returns the ABI', async () => {
    const { fetch, calls } = fakeFetch(json(verified));
    const abi = await fetchVerifiedAbi({ config, chainId: 1, address: WETH.toLowerCase() as never, fetch });
    expect(calls).toHaveLength(1);
    const params = Object.fromEntries(calls[0]?.url.searchParams ?? []);
    expect(params).toEqual({ chainid: '1', module: 'contract', action: 'getabi', address: WETH, apikey: KEY });
    expect(`${calls[0]?.url.origin}${calls[0]?.url.pathname}`).toBe(config.baseUrl);
    const { read, write } = listFunctions(abi);
    expect(read.map((f) => f.id)).toEqual(['name()', 'decimals()', 'balanceOf(address)']);
    expect(write.map((f) => [f.id, f.payable])).toEqual([
      ['approve(address,uint256)', false],
      ['deposit()', true],
    ]);
  });

  it('keeps a query already in the URL and sends the key last', async () => {
    const { fetch, calls } = fakeFetch(json(verified));
    await fetchVerifiedAbi({
      config: { ...config, baseUrl: `${config.baseUrl}?x=1` },
      chainId: 10,
      address: WETH,
      fetch,
    });
    const keys = [...(calls[0]?.url.searchParams.keys() ?? [])];
    expect(keys[0]).toBe('x');
    expect(keys.at(-1)).toBe('apikey');
  });

  it('uses a request without cookies or referrer by default', async () => {
    const original = globalThis.fetch;
    const seen: RequestInit[] = [];
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      seen.push(init);
      return new Response(JSON.stringify(verified));
    }) as typeof fetch;
    try {
      await fetchVerifiedAbi({ config, chainId: 1, address: WETH });
    } finally {
      globalThis.fetch = original;
    }
    expect(seen[0]).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer' });
  });

  it('says plainly when the contract is not verified', async () => {
    const { fetch } = fakeFetch(json(notVerified));
    const error = await failure(fetchVerifiedAbi({ config, chainId: 1, address: WETH, fetch }));
    expect(error).toBeInstanceOf(ContractNotVerifiedError);
    expect((error as ContractNotVerifiedError).code).toBe('EXPLORER_ABI_NOT_VERIFIED');
    expect(error.message).toBe(
      `The explorer at api.etherscan.io has no verified source code for ${WETH} on this network, so it has no ABI to give. Choose a known standard or paste the ABI instead.`,
    );
  });

  it('refuses an invalid key without repeating it', async () => {
    const { fetch, calls } = fakeFetch(json(invalidKey));
    const error = await failure(fetchVerifiedAbi({ config, chainId: 1, address: WETH, fetch }));
    expect(error).toBeInstanceOf(ExplorerError);
    expect((error as ExplorerError).code).toBe('EXPLORER_INVALID_KEY');
    expect(error.message).toContain('refused the API key');
    expect(JSON.stringify({ m: error.message, d: (error as ExplorerError).details })).not.toContain(KEY);
    expect(calls).toHaveLength(1);
  });

  it('retries while rate limited (by sentence or HTTP 429), then succeeds', async () => {
    const waits: number[] = [];
    const { fetch, calls } = fakeFetch(
      json(rateLimitPerSecond),
      { status: 429, body: 'Too Many Requests' },
      json(verified),
    );
    const abi = await fetchVerifiedAbi({
      config,
      chainId: 1,
      address: WETH,
      fetch,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([1200, 2400]);
    expect(listFunctions(abi).read).toHaveLength(3);
  });

  it('gives up after three retries with a rate-limit error', async () => {
    const { fetch, calls } = fakeFetch(json(rateLimitPerSecond));
    const error = await failure(fetchVerifiedAbi({ config, chainId: 1, address: WETH, fetch, sleep: noSleep }));
    expect((error as ExplorerError).code).toBe('EXPLORER_RATE_LIMITED');
    expect(error.message).toContain('limiting requests');
    expect(calls).toHaveLength(4);
  });

  it('names a chain the explorer or the key’s plan does not serve', async () => {
    for (const [body, words] of [
      [unsupportedChain, 'does not serve chain id 8453:'],
      [chainNotInPlan, 'does not serve chain id 8453 with this API key’s plan'],
    ] as const) {
      const { fetch } = fakeFetch(json(body));
      const error = await failure(fetchVerifiedAbi({ config, chainId: 8453, address: WETH, fetch }));
      expect((error as ExplorerError).code).toBe('EXPLORER_UNSUPPORTED_CHAIN');
      expect(error.message).toContain(words);
    }
  });

  it('maps network failures, server errors, other refusals and unreadable answers to typed errors', async () => {
    const cases: [Reply, string, RegExp][] = [
      [new TypeError('Failed to fetch'), 'EXPLORER_UNAVAILABLE', /could not reach the explorer at api\.etherscan\.io/],
      [{ status: 502, body: '<html>Bad gateway</html>' }, 'EXPLORER_UNAVAILABLE', /having trouble \(HTTP 502\)/],
      [{ status: 404, body: 'Not found' }, 'EXPLORER_ERROR', /answered HTTP 404/],
      [json(invalidAddress), 'EXPLORER_ERROR', /is not a valid address/],
      [json({ status: '0', message: 'NOTOK', result: 'Something else' }), 'EXPLORER_ERROR', /refused to give the ABI/],
      [{ body: '<html>' }, 'EXPLORER_MALFORMED', /cannot read/],
      [json({ status: '1', message: 'OK', result: 'not json' }), 'EXPLORER_MALFORMED', /cannot read/],
      [json({ status: '1', message: 'OK', result: [] }), 'EXPLORER_MALFORMED', /cannot read/],
      [
        json({ status: '1', message: 'OK', result: '[{"type":"function","name":"f","inputs":[{"type":"uint7"}]}]' }),
        'EXPLORER_MALFORMED',
        /cannot read/,
      ],
    ];
    for (const [reply, code, message] of cases) {
      const { fetch } = fakeFetch(reply);
      const error = await failure(fetchVerifiedAbi({ config, chainId: 1, address: WETH, fetch, sleep: noSleep }));
      expect(error, String(message)).toBeInstanceOf(ExplorerError);
      expect((error as ExplorerError).code).toBe(code);
      expect(error.message).toMatch(message);
    }
  });

  it('masks the key in details when the explorer echoes it back', async () => {
    const { fetch } = fakeFetch({ status: 400, body: `bad request apikey=${KEY}` });
    const error = (await failure(fetchVerifiedAbi({ config, chainId: 1, address: WETH, fetch }))) as ExplorerError;
    expect(error.details).toContain('[API key]');
    expect(error.details).not.toContain(KEY);
  });

  it('refuses a URL that is not one', async () => {
    const error = await failure(
      fetchVerifiedAbi({
        config: { baseUrl: 'not a url', apiKey: KEY },
        chainId: 1,
        address: WETH,
        fetch: fakeFetch().fetch,
      }),
    );
    expect((error as ExplorerError).code).toBe('EXPLORER_ERROR');
    expect(error.message).toContain('not valid');
  });
});
