import { describe, expect, it } from 'vitest';
import { type FetchCall, fakeDappWindow } from '@/testing/fakeDappWindow';
import type { SiteGrant } from '../core/dapp/protocol';
import { createCairnProvider } from './index';
import { STORAGE_KEY } from './store';
import type { ConnectorWindow } from './types';

const WALLET = 'https://cairn.example/wallet/';
const GRANT: SiteGrant = {
  accounts: ['0x00000000000000000000000000000000000000a1'],
  chainId: '0xa',
  chains: { '0xa': ['https://first.example/v2/SECRET-KEY', 'https://second.example/rpc'] },
};

function setUp(
  answer: (call: FetchCall) => unknown,
  options: { grant?: boolean; rpcUrls?: Record<number, string> } = {},
) {
  const fake = fakeDappWindow({ fetch: answer });
  if (options.grant !== false) fake.storage.set(STORAGE_KEY, JSON.stringify(['https://cairn.example', GRANT, []]));
  const provider = createCairnProvider({
    walletUrl: WALLET,
    window: fake.window as unknown as ConnectorWindow,
    ...(options.rpcUrls ? { rpcUrls: options.rpcUrls } : {}),
  });
  return { fake, provider };
}

const ok = ({ body }: FetchCall) => ({ jsonrpc: '2.0', id: body.id, result: '0x1234' });

describe('chain reads', () => {
  it('go to the node as JSON-RPC over POST, with no window', async () => {
    const { fake, provider } = setUp(ok);
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x1234');
    expect(await provider.request({ method: 'eth_getBalance', params: ['0xa1', 'latest'] })).toBe('0x1234');
    expect(fake.fetches.map((f) => [f.url, f.body])).toEqual([
      [
        'https://first.example/v2/SECRET-KEY',
        { jsonrpc: '2.0', id: expect.any(Number), method: 'eth_blockNumber', params: [] },
      ],
      [
        'https://first.example/v2/SECRET-KEY',
        { jsonrpc: '2.0', id: expect.any(Number), method: 'eth_getBalance', params: ['0xa1', 'latest'] },
      ],
    ]);
    expect(fake.opened).toEqual([]);
  });

  it('use the dApp’s own URL for the chain first, then the ones Cairn granted, in order, when a node cannot be reached', async () => {
    const { fake, provider } = setUp(
      (call) => {
        if (!call.url.includes('second')) throw new TypeError('Failed to fetch');
        return ok(call);
      },
      { rpcUrls: { 10: 'https://own.example/rpc', 1: 'https://mainnet.example/rpc' } },
    );
    expect(await provider.request({ method: 'eth_gasPrice' })).toBe('0x1234');
    expect(fake.fetches.map((f) => f.url)).toEqual([
      'https://own.example/rpc',
      'https://first.example/v2/SECRET-KEY',
      'https://second.example/rpc',
    ]);
  });

  it('read through the dApp’s own URL before any grant', async () => {
    const { fake, provider } = setUp(ok, { grant: false, rpcUrls: { 1: 'https://mainnet.example/rpc' } });
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x1234');
    expect(fake.fetches.map((f) => f.url)).toEqual(['https://mainnet.example/rpc']);
  });

  it('take a node that answers something other than JSON-RPC for one that cannot be reached', async () => {
    const { fake, provider } = setUp((call) => (call.url.includes('first') ? '<html>502</html>' : ok(call)));
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x1234');
    expect(fake.fetches).toHaveLength(2);
  });

  it('pass a node’s JSON-RPC error through as it is, without trying another node', async () => {
    const { fake, provider } = setUp(({ body }) => ({
      jsonrpc: '2.0',
      id: body.id,
      error: { code: 3, message: 'execution reverted: not owner', data: '0x08c379a0' },
    }));
    const error = await provider
      .request({ method: 'eth_call', params: [{ to: '0xa1' }, 'latest'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 3, message: 'execution reverted: not owner', data: '0x08c379a0' });
    expect(fake.fetches).toHaveLength(1);
  });

  it('fail with a sentence naming the nodes by host only when none answers', async () => {
    const { provider } = setUp(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await provider.request({ method: 'eth_blockNumber' }).catch((e: Error) => e);
    expect(error).toMatchObject({
      code: -32603,
      message: 'No node answered: first.example, second.example.',
    });
    expect((error as Error).message).not.toContain('SECRET');
  });

  it('fail with 4901 and a sentence when there is no URL for the chain at all', async () => {
    const { fake, provider } = setUp(ok, { grant: false });
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({
      code: 4901,
      message: 'No RPC URL for chain 1: connect to Cairn, or give the connector rpcUrls.',
    });
    expect(fake.fetches).toEqual([]);
  });
});
