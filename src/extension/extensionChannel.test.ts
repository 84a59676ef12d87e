import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WindowNews } from '../connector/channel';
import { CLOSED_SENTENCE } from '../connector/channel';
import {
  BRIDGE_WAIT_MS,
  type BridgePort,
  createExtensionChannel,
  GONE_SENTENCE,
  NO_BRIDGE_SENTENCE,
  unreachableSentence,
} from './extensionChannel';
import type { FromInpage, ToInpage } from './messages';

const WALLET = 'https://wallet.example/';

/** The page: its title, and an icon link when given. */
function fakePage(title: string, icon?: string) {
  return {
    document: {
      title,
      querySelector: (selector: string) => (icon && selector === 'link[rel~="icon"]' ? { href: icon } : null),
    } as unknown as Document,
    setTimeout: ((handler: () => void, ms: number) => setTimeout(handler, ms)) as unknown as Window['setTimeout'],
  };
}

/** The bridge's end of the private channel: what the page posted, and a way to answer. */
function fakeBridge() {
  const posted: FromInpage[] = [];
  const port: BridgePort = { postMessage: (message: FromInpage) => posted.push(message), onmessage: null };
  const answer = (data: ToInpage | unknown) => port.onmessage?.({ data } as MessageEvent);
  return { port, posted, answer };
}

function setup({ title = '  My dApp  ', icon = 'https://app.example/icon.png' as string | null } = {}) {
  const bridge = fakeBridge();
  let handOver: (port: BridgePort) => void = () => {};
  const given = new Promise<BridgePort>((resolve) => {
    handOver = resolve;
  });
  const news: WindowNews[] = [];
  const relay = createExtensionChannel(fakePage(title, icon ?? undefined), given);
  const channel = relay.openChannel(undefined, WALLET, undefined, (n) => news.push(n));
  const connect = async () => {
    handOver(bridge.port);
    await given;
    await Promise.resolve();
  };
  return { ...bridge, relay, channel, news, connect };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the extension channel', () => {
  it('keeps requests until the bridge hands its port, then sends them with the page’s title and icon', async () => {
    const s = setup();
    s.channel.send({ method: 'eth_requestAccounts', params: [] }).catch(() => {});
    s.channel.send({ method: 'eth_chainId' }).catch(() => {});
    expect(s.posted).toEqual([]);
    await s.connect();
    expect(s.posted).toEqual([
      {
        type: 'request',
        id: 1,
        method: 'eth_requestAccounts',
        params: [],
        dapp: { name: 'My dApp', icon: 'https://app.example/icon.png' },
        session: 0,
      },
      {
        type: 'request',
        id: 2,
        method: 'eth_chainId',
        dapp: { name: 'My dApp', icon: 'https://app.example/icon.png' },
        session: 0,
      },
    ]);
  });

  it('sends at once once the bridge is there, with no icon where the page has none and a long title cut', async () => {
    const s = setup({ title: 'x'.repeat(200), icon: null });
    await s.connect();
    s.channel.send({ method: 'eth_accounts' }).catch(() => {});
    expect(s.posted).toEqual([
      { type: 'request', id: 1, method: 'eth_accounts', dapp: { name: 'x'.repeat(80) }, session: 0 },
    ]);
  });

  it('resolves a request with the window’s result and rejects it with the window’s error', async () => {
    const s = setup();
    await s.connect();
    const accounts = s.channel.send({ method: 'eth_requestAccounts' });
    const sign = s.channel.send({ method: 'personal_sign', params: ['0x', '0x'] });
    s.answer({ type: 'window', message: { type: 'response', id: 1, result: ['0xabc'] } });
    s.answer({ type: 'window', message: { type: 'response', id: 2, error: { code: 4001, message: 'No.' } } });
    await expect(accounts).resolves.toEqual(['0xabc']);
    await expect(sign).rejects.toMatchObject({ code: 4001, message: 'No.' });
  });

  it('hands the window’s other messages to the provider as news, and ignores malformed ones', async () => {
    const s = setup();
    await s.connect();
    const event = { type: 'event', event: 'chainChanged', data: '0x89' };
    s.answer({ type: 'window', message: event });
    s.answer({ type: 'window', message: { type: 'nonsense' } });
    s.answer('not a record');
    s.answer(null);
    expect(s.news).toEqual([event]);
  });

  it('is connected only after the background says so', async () => {
    const s = setup();
    await s.connect();
    expect(s.channel.connected()).toBe(false);
    s.answer({ type: 'connected', session: 1 });
    expect(s.channel.connected()).toBe(true);
    s.answer({ type: 'closed' });
    expect(s.channel.connected()).toBe(false);
  });

  it.each([
    ['closed', { type: 'closed' }, 4001, CLOSED_SENTENCE],
    ['unreachable', { type: 'unreachable', wallet: WALLET }, 4900, unreachableSentence(WALLET)],
    ['refused', { type: 'refused', reason: 'Not this frame.' }, 4900, 'Not this frame.'],
    ['gone', { type: 'gone' }, 4900, GONE_SENTENCE],
  ])('rejects every waiting request when %s', async (_, news, code, message) => {
    const s = setup();
    await s.connect();
    const one = s.channel.send({ method: 'eth_requestAccounts' });
    const two = s.channel.send({ method: 'eth_chainId' });
    s.answer({ type: 'connected', session: 1 });
    s.answer(news);
    await expect(one).rejects.toMatchObject({ code, message });
    await expect(two).rejects.toMatchObject({ code, message });
    expect(s.channel.connected()).toBe(false);
  });

  it('names the address in the unreachable sentence, and says what to check', () => {
    expect(unreachableSentence('https://mine.example/cairn/')).toBe(
      'Cairn at https://mine.example/cairn/ cannot be reached: check the address in the Cairn extension’s options, or that Cairn is up.',
    );
  });

  it('fails a request with 4900 when no bridge came within BRIDGE_WAIT_MS', async () => {
    vi.useFakeTimers();
    const s = setup();
    const request = s.channel.send({ method: 'eth_requestAccounts' });
    const failed = expect(request).rejects.toMatchObject({ code: 4900, message: NO_BRIDGE_SENTENCE });
    await vi.advanceTimersByTimeAsync(BRIDGE_WAIT_MS - 1);
    let settled = false;
    request.catch(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
  });

  it('does not fail a request whose bridge came in time', async () => {
    vi.useFakeTimers();
    const s = setup();
    const request = s.channel.send({ method: 'eth_chainId' });
    await s.connect();
    await vi.advanceTimersByTimeAsync(BRIDGE_WAIT_MS * 2);
    s.answer({ type: 'window', message: { type: 'response', id: 1, result: '0x1' } });
    await expect(request).resolves.toBe('0x1');
  });
});

describe('a window that connects, or connects again after a reload', () => {
  it('sends every request still waiting once connected, as connect.js does on ready, of the window’s session', async () => {
    const s = setup();
    await s.connect();
    const first = s.channel.send({ method: 'eth_requestAccounts', params: [] });
    const second = s.channel.send({ method: 'personal_sign', params: ['0x00'] });
    const sent = () => s.posted.map(({ id, session }) => [id, session]);
    expect(sent()).toEqual([
      [1, 0],
      [2, 0],
    ]);
    s.answer({ type: 'connected', session: 1 });
    expect(sent()).toEqual([
      [1, 0],
      [2, 0],
      [1, 1],
      [2, 1],
    ]);
    s.answer({ type: 'window', message: { type: 'response', id: 1, result: ['0xabc'] } });
    await expect(first).resolves.toEqual(['0xabc']);
    // Reloaded: only what still waits goes to the new page, of its session; so do new requests.
    s.answer({ type: 'connected', session: 2 });
    expect(sent().slice(4)).toEqual([[2, 2]]);
    s.channel.send({ method: 'eth_chainId' }).catch(() => {});
    expect(s.posted.at(-1)).toMatchObject({ id: 3, method: 'eth_chainId', session: 2 });
    s.answer({ type: 'window', message: { type: 'response', id: 2, result: '0xsig' } });
    await expect(second).resolves.toBe('0xsig');
  });
});
