import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { answerAsCairn, type FakeDappWindowOptions, fakeDappWindow } from '@/testing/fakeDappWindow';
import type { CallsStatus, SiteGrant } from '../core/dapp/protocol';
import { GRANTED_METHODS, READ_METHODS } from '../core/dapp/request';
import { createCairnProvider } from './index';
import { STORAGE_KEY } from './store';
import type { ConnectorWindow } from './types';

const WALLET = 'https://cairn.example/wallet/';
const WALLET_ORIGIN = 'https://cairn.example';
const A = '0x00000000000000000000000000000000000000a1';
const B = '0x00000000000000000000000000000000000000b2';
const GRANT: SiteGrant = {
  accounts: [A, B],
  chainId: '0xa',
  chains: { '0xa': ['https://optimism.example/rpc'], '0x2105': ['https://base.example/rpc'] },
};

const windows: ReturnType<typeof answerAsCairn>[] = [];
afterEach(() => {
  for (const cairn of windows.splice(0)) cairn.close();
});

function setUp(options: FakeDappWindowOptions & { chainId?: number } = {}, fake = fakeDappWindow(options)) {
  const provider = createCairnProvider({
    walletUrl: WALLET,
    window: fake.window as unknown as ConnectorWindow,
    ...(options.chainId ? { chainId: options.chainId } : {}),
  });
  const events: [string, unknown][] = [];
  for (const name of ['connect', 'disconnect', 'accountsChanged', 'chainChanged'] as const)
    provider.on(name, (data: unknown) => events.push([name, data]));
  /** Opens the window with a person's request and hands back Cairn's side of the port. */
  const connect = async () => {
    const request = provider.request({ method: 'eth_requestAccounts' });
    const cairn = answerAsCairn(fake, WALLET_ORIGIN);
    windows.push(cairn);
    const { id } = await cairn.nextRequest();
    return { cairn, request, id };
  };
  return { fake, provider, events, connect };
}

/** Lets the messages already posted over the port arrive. */
const arrive = () => new Promise((resolve) => setTimeout(resolve, 5));

async function granted(grant: SiteGrant = GRANT, options: FakeDappWindowOptions = {}) {
  const set = setUp(options);
  const { cairn, request, id } = await set.connect();
  cairn.send({ type: 'grant', grant });
  cairn.send({ type: 'response', id, result: grant.accounts });
  await request;
  return { ...set, cairn };
}

describe('answers without a window', () => {
  it('before any grant: no accounts, the chain of the options (default 1), no permission', async () => {
    const { fake, provider } = setUp();
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1');
    expect(await provider.request({ method: 'net_version' })).toBe('1');
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([]);
    const other = setUp({ chainId: 8453 }).provider;
    expect(await other.request({ method: 'eth_chainId' })).toBe('0x2105');
    expect(await other.request({ method: 'net_version' })).toBe('8453');
    expect(fake.opened).toEqual([]);
    expect(provider.isCairn).toBe(true);
  });

  it('with a grant: its accounts, its chain and the EIP-2255 permission, still without a window', async () => {
    const { fake, provider } = await granted();
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([A, B]);
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa');
    expect(await provider.request({ method: 'net_version', params: [] })).toBe('10');
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([
      {
        parentCapability: 'eth_accounts',
        invoker: 'https://dapp.example',
        caveats: [{ type: 'restrictReturnedAccounts', value: [A, B] }],
      },
    ]);
    expect(fake.opened).toHaveLength(1);
  });

  it('says what each granted chain can do (EIP-5792), for a granted address only', async () => {
    const { provider } = await granted();
    const unsupported = { atomic: { status: 'unsupported' } };
    expect(
      await provider.request({ method: 'wallet_getCapabilities', params: [A.toUpperCase().replace('0X', '0x')] }),
    ).toEqual({
      '0xa': unsupported,
      '0x2105': unsupported,
    });
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [B, ['0x2105', '0x1']] })).toEqual({
      '0x2105': unsupported,
    });
    await expect(
      provider.request({ method: 'wallet_getCapabilities', params: ['0x00000000000000000000000000000000000000c3'] }),
    ).rejects.toMatchObject({ code: 4100 });
    await expect(setUp().provider.request({ method: 'wallet_getCapabilities', params: [A] })).rejects.toMatchObject({
      code: 4100,
      message: expect.stringContaining('eth_requestAccounts'),
    });
  });

  it('switches to a chain the grant holds without a window, and tells the site', async () => {
    const { fake, provider, events, cairn } = await granted();
    cairn.close();
    cairn.popup.closed = true;
    events.length = 0;
    expect(
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }),
    ).toBeNull();
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105');
    expect(events).toEqual([['chainChanged', '0x2105']]);
    expect(JSON.parse(fake.storage.get(STORAGE_KEY) ?? '')[1].chainId).toBe('0x2105');
    // The same chain again: nothing changes.
    expect(
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }),
    ).toBeNull();
    expect(events).toHaveLength(1);
    expect(fake.opened).toHaveLength(1);
  });

  it('asks Cairn’s open window to switch even to a chain the grant holds: what waits there for the chain left is refused', async () => {
    const { fake, provider, cairn, events } = await granted();
    events.length = 0;
    const switched = provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] });
    const asked = await cairn.nextRequest();
    expect(asked).toMatchObject({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x2105' }],
      chainId: '0xa',
    });
    // The site is on the new chain once the window says so.
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa');
    cairn.send({ type: 'grant', grant: { ...GRANT, chainId: '0x2105' } });
    cairn.send({ type: 'response', id: asked.id, result: null });
    expect(await switched).toBeNull();
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105');
    expect(events).toEqual([['chainChanged', '0x2105']]);
    expect(fake.opened).toHaveLength(1);
  });

  it('asks the Cairn window to switch to any other chain, telling it the chain the site is on', async () => {
    const { fake, provider, cairn } = await granted();
    void provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    expect(await cairn.nextRequest()).toMatchObject({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x1' }],
      chainId: '0xa',
    });
    const before = setUp();
    void before.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] });
    expect(before.fake.opened).toHaveLength(1);
    expect(fake.opened).toHaveLength(1);
  });
});

describe('the grant', () => {
  it('tells the site it connected, its chain and its accounts when Cairn first grants them', async () => {
    const { events } = await granted();
    expect(events).toEqual([
      ['connect', { chainId: '0xa' }],
      ['chainChanged', '0xa'],
      ['accountsChanged', [A, B]],
    ]);
  });

  it('emits only what changed, comparing the accounts as a list', async () => {
    const { events, cairn } = await granted();
    events.length = 0;
    cairn.send({ type: 'grant', grant: GRANT });
    cairn.send({ type: 'grant', grant: { ...GRANT, accounts: [B, A] } });
    cairn.send({ type: 'grant', grant: { ...GRANT, accounts: [B, A], chainId: '0x2105' } });
    cairn.send({ type: 'grant', grant: { ...GRANT, accounts: [] } });
    cairn.send({ type: 'grant', grant: { ...GRANT, accounts: [A] } });
    await arrive();
    expect(events).toEqual([
      ['accountsChanged', [B, A]],
      ['chainChanged', '0x2105'],
      ['chainChanged', '0xa'],
      ['accountsChanged', []],
      ['connect', { chainId: '0xa' }],
      ['accountsChanged', [A]],
    ]);
  });

  it('is kept in the site’s localStorage under one key, so the next page load answers at once', async () => {
    const { fake } = await granted();
    expect([...fake.storage.keys()]).toEqual([STORAGE_KEY]);
    const reloaded = setUp({}, fakeDappWindow());
    reloaded.fake.storage.set(STORAGE_KEY, fake.storage.get(STORAGE_KEY) ?? '');
    const again = createCairnProvider({
      walletUrl: WALLET,
      window: reloaded.fake.window as unknown as ConnectorWindow,
    });
    expect(await again.request({ method: 'eth_accounts' })).toEqual([A, B]);
    expect(await again.request({ method: 'eth_chainId' })).toBe('0xa');
    expect(reloaded.fake.opened).toEqual([]);
  });

  it('is not taken from another Cairn’s entry, nor from what is not a grant', async () => {
    const { fake } = await granted();
    const saved = fake.storage.get(STORAGE_KEY) ?? '';
    const other = fakeDappWindow();
    for (const stored of [saved, JSON.stringify(['https://other.example', GRANT, []]), '{"', '[1]', 'null']) {
      other.storage.set(STORAGE_KEY, stored);
      const provider = createCairnProvider({
        walletUrl: stored === saved ? 'https://cairn.example/other/' : 'https://cairn.example/wallet',
        window: other.window as unknown as ConnectorWindow,
      });
      expect(await provider.request({ method: 'eth_accounts' })).toEqual(stored === saved ? [A, B] : []);
    }
    other.storage.set(STORAGE_KEY, JSON.stringify([WALLET_ORIGIN, { ...GRANT, accounts: ['0xnot'] }, []]));
    const provider = createCairnProvider({ walletUrl: WALLET, window: other.window as unknown as ConnectorWindow });
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([]);
  });

  it('still works, for this page, where storage is unavailable', async () => {
    const { provider } = await granted(GRANT, { storageFails: true });
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([A, B]);
  });
});

describe('events from the Cairn window', () => {
  it('passes them on, a disconnect as an EIP-1193 error', async () => {
    const { events, cairn, provider } = await granted();
    events.length = 0;
    const listener = () => events.push(['removed', null]);
    provider.on('chainChanged', listener);
    provider.removeListener('chainChanged', listener);
    provider.on('accountsChanged', listener).off('accountsChanged', listener);
    cairn.send({ type: 'event', event: 'accountsChanged', data: [B] });
    cairn.send({ type: 'event', event: 'chainChanged', data: '0x1' });
    cairn.send({ type: 'event', event: 'disconnect', data: { code: 4900, message: 'Cairn was locked.' } });
    cairn.send({ type: 'event', event: 'disconnect', data: 'garbage' });
    await arrive();
    expect(events.slice(0, 2)).toEqual([
      ['accountsChanged', [B]],
      ['chainChanged', '0x1'],
    ]);
    const [[, locked], [, garbage]] = events.slice(2) as [[string, Error], [string, Error]];
    expect(locked).toBeInstanceOf(Error);
    expect(locked).toMatchObject({ code: 4900, message: 'Cairn was locked.' });
    expect(garbage).toMatchObject({ code: 4900 });
  });
});

describe('wallet_getCallsStatus', () => {
  const HASHES = ['0x01', '0x02'];
  const pending: CallsStatus = {
    id: 'batch-1',
    chainId: '0xa',
    status: 100,
    atomic: false,
    receipts: [],
    hashes: HASHES,
    total: 2,
  };
  const receipt = (hash: string, status: string) => ({ transactionHash: hash, status, logs: [], blockNumber: '0x5' });

  async function withBatch(calls: CallsStatus, receipts: Record<string, unknown>) {
    const set = await granted(GRANT, {
      fetch: ({ body }) => ({
        jsonrpc: '2.0',
        id: body.id,
        result: receipts[(body.params as string[])[0] ?? ''] ?? null,
      }),
    });
    set.cairn.send({ type: 'calls', calls });
    await arrive();
    return set;
  }

  it('answers from the last status the window sent, without Cairn’s own hashes', async () => {
    const { provider, fake } = await withBatch(pending, {});
    expect(await provider.request({ method: 'wallet_getCallsStatus', params: ['batch-1'] })).toEqual({
      version: '2.0.0',
      id: 'batch-1',
      chainId: '0xa',
      status: 100,
      atomic: false,
      receipts: [],
    });
    expect(fake.fetches).toEqual([]);
  });

  it('refuses a new batch with an id already used, without opening a window (5720)', async () => {
    const { provider, fake } = await withBatch(pending, {});
    const opened = fake.popups.length;
    await expect(
      provider.request({ method: 'wallet_sendCalls', params: [{ id: 'batch-1', from: A, calls: [] }] }),
    ).rejects.toMatchObject({ code: 5720 });
    expect(fake.popups).toHaveLength(opened);
  });

  it('refuses an id it never saw with a sentence', async () => {
    const { provider } = await withBatch(pending, {});
    for (const params of [['batch-2'], ['constructor'], [], [7]])
      await expect(provider.request({ method: 'wallet_getCallsStatus', params })).rejects.toMatchObject({
        code: 5730,
        message: 'Cairn knows no batch with that id.',
      });
  });

  it('once the window is gone, follows a pending batch to its receipts through the granted URLs', async () => {
    const { provider, fake, cairn } = await withBatch(pending, {
      '0x01': receipt('0x01', '0x1'),
      '0x02': receipt('0x02', '0x1'),
    });
    (fake.popups[0] as { closed: boolean }).closed = true;
    fake.tick();
    cairn.close();
    const status = await provider.request({ method: 'wallet_getCallsStatus', params: ['batch-1'] });
    expect(status).toMatchObject({ status: 200, receipts: [receipt('0x01', '0x1'), receipt('0x02', '0x1')] });
    expect(fake.fetches.map((f) => [f.url, f.body.method, f.body.params])).toEqual([
      ['https://optimism.example/rpc', 'eth_getTransactionReceipt', ['0x01']],
      ['https://optimism.example/rpc', 'eth_getTransactionReceipt', ['0x02']],
    ]);
    // Settled: kept, and not read again.
    await provider.request({ method: 'wallet_getCallsStatus', params: ['batch-1'] });
    expect(fake.fetches).toHaveLength(2);
  });

  it('reports a batch with a reverted call as partly done, one not yet mined as pending, one never sent as failed', async () => {
    const oneSent = { ...pending, hashes: ['0x01'] };
    const atomic: CallsStatus = { ...pending, atomic: true, hashes: ['0x01'], total: 1 };
    const cases: [CallsStatus, Record<string, unknown>, number][] = [
      [pending, { '0x01': receipt('0x01', '0x1'), '0x02': receipt('0x02', '0x0') }, 600],
      [pending, { '0x01': receipt('0x01', '0x0'), '0x02': receipt('0x02', '0x0') }, 500],
      [pending, { '0x01': receipt('0x01', '0x1') }, 100],
      [{ ...pending, hashes: [] }, {}, 400],
      // The window closed after the first call: the second was never sent, so the batch is partly done.
      [oneSent, { '0x01': receipt('0x01', '0x1') }, 600],
      // The first call reverted and nothing more was sent.
      [oneSent, { '0x01': receipt('0x01', '0x0') }, 500],
      [atomic, { '0x01': receipt('0x01', '0x1') }, 200], // atomic: one transaction for every call
      [atomic, { '0x01': receipt('0x01', '0x0') }, 500],
      [atomic, {}, 100],
    ];
    for (const [calls, receipts, expected] of cases) {
      const { provider, fake, cairn } = await withBatch(calls, receipts);
      (fake.popups[0] as { closed: boolean }).closed = true;
      fake.tick();
      cairn.close();
      expect(await provider.request({ method: 'wallet_getCallsStatus', params: ['batch-1'] })).toMatchObject({
        status: expected,
      });
    }
  });
});

describe('request()', () => {
  it('rejects what parseDappRequest refuses with its error, as an Error', async () => {
    const { provider } = setUp();
    const error = await provider.request({ method: 'eth_sign', params: [A, '0x00'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: 4200, message: expect.stringContaining('never signs raw hashes') });
    await expect(provider.request({ method: 'eth_foo' })).rejects.toMatchObject({ code: 4200 });
    await expect(provider.request(null as never)).rejects.toMatchObject({ code: -32600 });
  });

  it('never throws, and settles every request that needs no person, with a coded error when it fails', async () => {
    const noPerson = [...GRANTED_METHODS, ...READ_METHODS];
    const request = fc.oneof(
      fc.anything(),
      fc.record({ method: fc.constantFrom(...noPerson), params: fc.anything() }),
      fc.record({ method: fc.string(), params: fc.array(fc.anything()) }),
    );
    await fc.assert(
      fc.asyncProperty(request, fc.boolean(), async (raw, withGrant) => {
        const fake = fakeDappWindow({
          fetch: ({ body }) => {
            if (body.method === 'eth_call') throw new TypeError('Failed to fetch');
            return { jsonrpc: '2.0', id: body.id, result: '0x1' };
          },
        });
        if (withGrant) fake.storage.set(STORAGE_KEY, JSON.stringify([WALLET_ORIGIN, GRANT, []]));
        const provider = createCairnProvider({ walletUrl: WALLET, window: fake.window as unknown as ConnectorWindow });
        let returned: Promise<unknown> | undefined;
        expect(() => {
          returned = provider.request(raw as never);
        }).not.toThrow();
        if (fake.opened.length > 0) return; // a person's method: it waits for the window
        const outcome = await (returned as Promise<unknown>).then(
          () => undefined,
          (error: unknown) => error,
        );
        if (outcome !== undefined) {
          expect(outcome).toBeInstanceOf(Error);
          expect(Number.isSafeInteger((outcome as { code: unknown }).code)).toBe(true);
          expect((outcome as Error).message.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 300 },
    );
  });
});
