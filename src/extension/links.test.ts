import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseWindowFragment } from '../core/dapp/protocol';
import type { MessageSender, RuntimePort } from './chromeApi';
import { createLinks, OPAQUE_SENTENCE, OWN_PAGE_SENTENCE, REOPEN_MS, WINDOW_READY_MS } from './links';
import type { SiteNews, ToWindow } from './messages';

const WALLET = 'https://wallet.example/cairn/';
const WALLET_ORIGIN = 'https://wallet.example';
const SITE = 'https://app.example';

/** A chrome.runtime port as the background sees it: what it posted, and a way to play the other end. */
function fakePort(sender: MessageSender, name = 'port') {
  const onMessage: ((message: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  const posted: unknown[] = [];
  let disconnected = false;
  const port: RuntimePort = {
    name,
    sender,
    postMessage: (message) => posted.push(message),
    disconnect: () => {
      disconnected = true;
    },
    onMessage: { addListener: (listener) => onMessage.push(listener) },
    onDisconnect: { addListener: (listener) => onDisconnect.push(listener) },
  };
  return {
    port,
    posted,
    disconnected: () => disconnected,
    send: (message: unknown) => {
      for (const listener of onMessage) listener(message);
    },
    /** The other end went away (the browser calls onDisconnect only for that). */
    gone: () => {
      for (const listener of onDisconnect) listener();
    },
  };
}
type FakePort = ReturnType<typeof fakePort>;

type SetupOptions = { reachable?: boolean; wallet?: string; now?: () => number };

function setup({ reachable = true, wallet = WALLET, now = () => 0 }: SetupOptions = {}) {
  let nextId = 10;
  const created: { url: string; id: number; tabId: number }[] = [];
  const windows = {
    create: vi.fn(async ({ url }: { url: string }) => {
      const id = nextId++;
      const tabId = id + 100;
      created.push({ url, id, tabId });
      return { id, tabs: [{ id: tabId }] };
    }),
    update: vi.fn(async () => ({})),
    remove: vi.fn(async () => {}),
    onRemoved: { addListener: () => {} },
  };
  const reached: string[] = [];
  const links = createLinks({
    api: { windows },
    wallet: async () => wallet,
    reachable: async (at) => {
      reached.push(at);
      return reachable;
    },
    now,
  });
  /** A site page (a frame) connecting, as the browser names it. */
  const site = (origin: string | null = SITE) => {
    const fake = fakePort(origin === null ? {} : { origin, frameId: 0, tab: { id: 1 } }, 'cairn-site');
    links.site(fake.port);
    return fake;
  };
  /** Cairn's window's bridge connecting from `tabId`. */
  const cairnWindow = (tabId: number, { frameId = 0, origin = WALLET_ORIGIN } = {}) => {
    const fake = fakePort({ origin, frameId, tab: { id: tabId } }, 'cairn-window');
    links.cairnWindow(fake.port);
    return fake;
  };
  return { links, windows, created, reached, site, cairnWindow };
}

/** A site's request, of the window's first session (what a page sends once it heard `connected`). */
const request = (id: number, method = 'eth_requestAccounts', origin?: string, session = 1) => ({
  type: 'request',
  id,
  method,
  params: [],
  dapp: { name: 'App' },
  session,
  ...(origin ? { origin } : {}),
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const nonceOf = (url: string) => parseWindowFragment(new URL(url).hash)?.nonce ?? '';
const news = (fake: FakePort) => fake.posted as SiteNews[];
const toWindow = (fake: FakePort) => fake.posted as ToWindow[];

/** A site that asked once, and the Cairn window opened for it, ready and accepted. */
async function linked(s = setup(), origin = SITE) {
  const site = s.site(origin);
  site.send(request(1));
  await settle();
  const made = s.created.at(-1);
  if (!made) throw new Error('no window was opened');
  const win = s.cairnWindow(made.tabId);
  win.send({ type: 'ready', nonce: nonceOf(made.url) });
  return { ...s, siteFake: site, made, win };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the site port', () => {
  it('opens a window whose fragment carries the browser’s origin, a fresh nonce and via=extension', async () => {
    const s = setup();
    const a = s.site();
    a.send(request(1));
    const b = s.site('http://other.example:8080');
    b.send(request(1));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(2);
    const [first, second] = s.created;
    const url = new URL(first?.url ?? '');
    expect(url.origin + url.pathname).toBe(`${WALLET}dapp.html`);
    expect(parseWindowFragment(url.hash)).toEqual({ origin: SITE, nonce: expect.any(String), via: 'extension' });
    expect(parseWindowFragment(new URL(second?.url ?? '').hash)?.origin).toBe('http://other.example:8080');
    expect(nonceOf(first?.url ?? '')).toMatch(/^[0-9a-f]{32}$/);
    expect(nonceOf(first?.url ?? '')).not.toBe(nonceOf(second?.url ?? ''));
    expect(s.windows.create.mock.calls[0]?.[0]).toMatchObject({ type: 'popup', focused: true });
  });

  it('takes the site’s origin from the browser only: a message naming another origin changes nothing', async () => {
    const s = setup();
    const site = s.site();
    const claim = { origin: 'https://evil.example', sender: { origin: 'https://evil.example' } };
    site.send({ ...request(1), ...claim });
    await settle();
    const made = s.created[0];
    expect(parseWindowFragment(new URL(made?.url ?? '').hash)?.origin).toBe(SITE);
    const win = s.cairnWindow(made?.tabId ?? 0);
    win.send({ type: 'ready', nonce: nonceOf(made?.url ?? '') });
    site.send({ ...request(2), ...claim });
    expect(toWindow(win)).toEqual([
      { type: 'accepted', origin: SITE, dapp: { name: 'App' } },
      {
        type: 'request',
        request: { type: 'request', id: 2, method: 'eth_requestAccounts', params: [], chainId: undefined },
      },
    ]);
  });

  it.each([
    ['an opaque frame', 'null'],
    ['no origin at all', null],
    ['a file page', 'file://'],
    ['an extension page', 'chrome-extension://abcdefghijklmnop'],
    ['an origin with a path', 'https://app.example/page'],
  ])('refuses %s with the sentence, disconnects it and opens nothing', async (_, origin) => {
    const s = setup();
    const site = s.site(origin);
    expect(news(site)).toEqual([{ type: 'refused', reason: OPAQUE_SENTENCE }]);
    expect(site.disconnected()).toBe(true);
    site.send(request(1));
    await settle();
    expect(s.windows.create).not.toHaveBeenCalled();
  });

  it('refuses Cairn’s own page and opens no window', async () => {
    const s = setup();
    const site = s.site(WALLET_ORIGIN);
    site.send(request(1));
    await settle();
    expect(news(site)).toEqual([{ type: 'refused', reason: OWN_PAGE_SENTENCE }]);
    expect(s.windows.create).not.toHaveBeenCalled();
  });

  it('says unreachable with the wallet’s address when Cairn does not answer, and opens nothing', async () => {
    const s = setup({ reachable: false });
    const site = s.site();
    site.send(request(1));
    await settle();
    expect(s.reached).toEqual([WALLET]);
    expect(news(site)).toEqual([{ type: 'unreachable', wallet: WALLET }]);
    expect(s.windows.create).not.toHaveBeenCalled();
  });

  it('ignores messages that are not requests with a whole id', async () => {
    const s = setup();
    const site = s.site();
    for (const junk of [
      null,
      'request',
      [],
      { type: 'read', id: 1 },
      { type: 'request', id: 1.5 },
      { type: 'request' },
    ])
      site.send(junk);
    await settle();
    expect(s.windows.create).not.toHaveBeenCalled();
  });

  it('opens one window for requests that come before it is ready', async () => {
    const s = setup();
    const site = s.site();
    site.send(request(1));
    site.send(request(2));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(1);
  });
});

describe('Cairn’s window port', () => {
  async function opened() {
    const s = setup();
    const site = s.site();
    site.send(request(1, 'eth_requestAccounts'));
    site.send(request(2, 'eth_chainId'));
    await settle();
    const made = s.created[0];
    if (!made) throw new Error('no window');
    return { ...s, siteFake: site, made, nonce: nonceOf(made.url) };
  }

  it('after ready with the nonce: accepted, and connected to the site (whose connector then sends what waits)', async () => {
    const s = await opened();
    const win = s.cairnWindow(s.made.tabId);
    expect(win.posted).toEqual([]);
    win.send({ type: 'ready', nonce: s.nonce });
    expect(toWindow(win)).toEqual([{ type: 'accepted', origin: SITE, dapp: { name: 'App' } }]);
    expect(news(s.siteFake)).toEqual([{ type: 'connected', session: 1 }]);
    expect(win.disconnected()).toBe(false);
  });

  it.each([
    ['another tab', { tab: 999 }],
    ['a subframe', { frameId: 3 }],
    ['another origin', { origin: 'https://evil.example' }],
    ['the site’s origin', { origin: SITE }],
  ])('disconnects a window port from %s', async (_, wrong: { tab?: number; frameId?: number; origin?: string }) => {
    const s = await opened();
    const win = s.cairnWindow(wrong.tab ?? s.made.tabId, wrong);
    expect(win.disconnected()).toBe(true);
    win.send({ type: 'ready', nonce: s.nonce });
    expect(win.posted).toEqual([]);
    expect(news(s.siteFake)).toEqual([]);
  });

  it('disconnects a window port when no site opened a window', () => {
    const s = setup();
    expect(s.cairnWindow(110).disconnected()).toBe(true);
  });

  it('ignores a ready with the wrong nonce, and a message before ready', async () => {
    const s = await opened();
    const win = s.cairnWindow(s.made.tabId);
    win.send({ type: 'ready', nonce: '0'.repeat(32) });
    win.send({ type: 'ready' });
    win.send({ type: 'message', message: { type: 'response', id: 1, result: ['0xabc'] } });
    expect(win.posted).toEqual([]);
    expect(news(s.siteFake)).toEqual([]);
  });

  it('forwards later requests at once and brings the window to the front', async () => {
    const s = await linked();
    s.siteFake.send(request(7, 'eth_sendTransaction'));
    expect(toWindow(s.win).at(-1)).toEqual({
      type: 'request',
      request: { type: 'request', id: 7, method: 'eth_sendTransaction', params: [], chainId: undefined },
    });
    expect(s.windows.update).toHaveBeenCalledWith(s.made.id, { focused: true });
    expect(s.windows.create).toHaveBeenCalledTimes(1);
  });

  it('relays the window’s messages to the site', async () => {
    const s = await linked();
    const message = { type: 'response', id: 1, result: ['0xabc'] };
    s.win.send({ type: 'message', message });
    expect(news(s.siteFake).at(-1)).toEqual({ type: 'window', message });
  });

  it('takes a reload’s second ready: the new page gets the site, the old port is dropped', async () => {
    const s = await linked();
    const reloaded = s.cairnWindow(s.made.tabId);
    reloaded.send({ type: 'ready', nonce: nonceOf(s.made.url) });
    expect(s.win.disconnected()).toBe(true);
    expect(toWindow(reloaded)[0]).toEqual({ type: 'accepted', origin: SITE, dapp: { name: 'App' } });
    s.win.send({ type: 'message', message: { type: 'response', id: 1, result: 'old' } });
    reloaded.send({ type: 'message', message: { type: 'response', id: 1, result: 'new' } });
    const relayed = news(s.siteFake).filter((n) => n.type === 'window');
    expect(relayed).toEqual([{ type: 'window', message: { type: 'response', id: 1, result: 'new' } }]);
    // A request the page sent before it heard of the reload is dropped (the page sends it again).
    s.siteFake.send(request(3));
    expect(toWindow(reloaded)).toHaveLength(1);
    s.siteFake.send(request(3, 'eth_requestAccounts', undefined, 2));
    expect(toWindow(reloaded).at(-1)).toMatchObject({ type: 'request', request: { id: 3 } });
  });

  it('tells the site closed when its window is removed, lets its port go, and opens no new one at once', async () => {
    let clock = 1_000_000;
    const s = await linked(setup({ now: () => clock }));
    // A request still open when the window goes: the person closed it on it.
    s.siteFake.send(request(2));
    s.links.windowRemoved(s.made.id);
    expect(news(s.siteFake).at(-1)).toEqual({ type: 'closed' });
    expect(s.win.disconnected()).toBe(true);
    expect(s.siteFake.disconnected()).toBe(true);
    expect(s.windows.remove).not.toHaveBeenCalled();
    // The site asks again at once (a new port, as its bridge connects anew): refused, no window.
    const again = s.site();
    again.send(request(4));
    await settle();
    expect(news(again)).toEqual([{ type: 'closed' }]);
    expect(s.windows.create).toHaveBeenCalledTimes(1);
    // A moment later, a new window.
    clock += REOPEN_MS;
    const later = s.site();
    later.send(request(5));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(2);
  });

  it('does not tell a site closed for another site’s window', async () => {
    const s = await linked();
    s.links.windowRemoved(s.made.id + 1);
    expect(news(s.siteFake)).not.toContainEqual({ type: 'closed' });
  });

  it('removes the window when the site’s page goes away', async () => {
    const s = await linked();
    s.siteFake.gone();
    expect(s.windows.remove).toHaveBeenCalledWith(s.made.id);
    expect(s.win.disconnected()).toBe(true);
  });

  it('gives two sites two windows, each joined only to its own', async () => {
    const s = setup();
    const one = await linked(s, SITE);
    const two = await linked(s, 'https://two.example');
    expect(s.created).toHaveLength(2);
    expect(toWindow(one.win)[0]).toMatchObject({ origin: SITE });
    expect(toWindow(two.win)[0]).toMatchObject({ origin: 'https://two.example' });
    two.win.send({ type: 'message', message: { type: 'response', id: 1, result: 2 } });
    expect(news(one.siteFake).filter((n) => n.type === 'window')).toEqual([]);
    expect(news(two.siteFake).at(-1)).toMatchObject({ type: 'window' });
  });
});

describe('a window whose page went away after ready', () => {
  it('is closed for the site when no page says ready again in time, and its queued requests end', async () => {
    const { siteFake, win, made, windows } = await linked();
    vi.useFakeTimers();
    win.gone();
    siteFake.send(request(2));
    await vi.advanceTimersByTimeAsync(WINDOW_READY_MS);
    expect(news(siteFake).at(-1)).toEqual({ type: 'closed' });
    expect(windows.remove).toHaveBeenCalledWith(made.id);
  });

  it('keeps serving when the reloaded page says ready in time', async () => {
    const s = await linked();
    vi.useFakeTimers();
    s.win.gone();
    s.siteFake.send(request(2));
    const again = s.cairnWindow(s.made.tabId);
    again.send({ type: 'ready', nonce: nonceOf(s.made.url) });
    await vi.advanceTimersByTimeAsync(WINDOW_READY_MS * 2);
    // The site hears connected again, and its connector sends what still waits to the new page.
    expect(news(s.siteFake)).toEqual([
      { type: 'connected', session: 1 },
      { type: 'connected', session: 2 },
    ]);
    expect(toWindow(again)).toEqual([{ type: 'accepted', origin: SITE, dapp: { name: 'App' } }]);
    s.siteFake.send(request(2, 'eth_requestAccounts', undefined, 2));
    expect(toWindow(again).at(-1)).toMatchObject({ type: 'request', request: { id: 2 } });
    expect(s.windows.remove).not.toHaveBeenCalled();
  });
});

describe('a window that never says ready', () => {
  it('is removed after WINDOW_READY_MS, and the site hears Cairn cannot be reached', async () => {
    vi.useFakeTimers();
    const s = setup();
    const site = s.site();
    site.send(request(1));
    await vi.advanceTimersByTimeAsync(0);
    const made = s.created[0];
    await vi.advanceTimersByTimeAsync(WINDOW_READY_MS - 1);
    expect(news(site)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(news(site)).toEqual([{ type: 'unreachable', wallet: WALLET }]);
    expect(s.windows.remove).toHaveBeenCalledWith(made?.id);
    // A ready coming after that finds no window to join.
    const late = s.cairnWindow(made?.tabId ?? 0);
    expect(late.disconnected()).toBe(true);
  });

  it('is kept when ready came in time', async () => {
    vi.useFakeTimers();
    const s = setup();
    const site = s.site();
    site.send(request(1));
    await vi.advanceTimersByTimeAsync(0);
    const made = s.created[0];
    s.cairnWindow(made?.tabId ?? 0).send({ type: 'ready', nonce: nonceOf(made?.url ?? '') });
    await vi.advanceTimersByTimeAsync(WINDOW_READY_MS * 2);
    expect(news(site)).toEqual([{ type: 'connected', session: 1 }]);
    expect(s.windows.remove).not.toHaveBeenCalled();
  });
});

// resetWindow clears the link's nonce: a ready without one must not equal it then.
it('accepts no ready without a nonce after the window timed out', async () => {
  vi.useFakeTimers();
  const s = setup();
  const site = s.site();
  site.send(request(1));
  await vi.advanceTimersByTimeAsync(0);
  const win = s.cairnWindow(s.created[0]?.tabId ?? 0);
  await vi.advanceTimersByTimeAsync(WINDOW_READY_MS);
  win.send({ type: 'ready' });
  expect(news(site)).toEqual([{ type: 'unreachable', wallet: WALLET }]);
  expect(win.posted).toEqual([]);
});
