// The background's links (links.ts), as Cairn's window reaches them: its `ready`, its reloads,
// its timeouts and its closing. The site's side is in links.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FakePort,
  type HarnessOptions,
  linked,
  linksHarness,
  nonceOf,
  request,
  SITE,
  settle,
  WALLET,
} from '../testing/extensionFakes';
import { createLinks, OPEN_FAILED_SENTENCE, REOPEN_MS, WINDOW_READY_MS } from './links';
import type { SiteNews, ToWindow } from './messages';

const setup = (options?: HarnessOptions) => linksHarness(createLinks, options);
const news = (fake: FakePort) => fake.posted as SiteNews[];
const toWindow = (fake: FakePort) => fake.posted as ToWindow[];

afterEach(() => {
  vi.useRealTimers();
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
    const s = await linked(setup());
    s.siteFake.send(request(7, 'eth_sendTransaction'));
    expect(toWindow(s.win).at(-1)).toEqual({
      type: 'request',
      request: { type: 'request', id: 7, method: 'eth_sendTransaction', params: [], chainId: undefined },
    });
    expect(s.windows.update).toHaveBeenCalledWith(s.made.id, { focused: true });
    expect(s.windows.create).toHaveBeenCalledTimes(1);
  });

  it('relays the window’s messages to the site', async () => {
    const s = await linked(setup());
    const message = { type: 'response', id: 1, result: ['0xabc'] };
    s.win.send({ type: 'message', message });
    expect(news(s.siteFake).at(-1)).toEqual({ type: 'window', message });
  });

  it('takes a reload’s second ready: the new page gets the site, the old port is dropped', async () => {
    const s = await linked(setup());
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

describe('closing', () => {
  it('tells the site closed when its window is removed, and lets its port go', async () => {
    const s = await linked(setup());
    s.links.windowRemoved(s.made.id);
    expect(news(s.siteFake).at(-1)).toEqual({ type: 'closed' });
    expect(s.win.disconnected()).toBe(true);
    expect(s.siteFake.disconnected()).toBe(true);
    expect(s.windows.remove).not.toHaveBeenCalled();
  });

  it('opens no new window for that site in that tab for REOPEN_MS after the person closed it', async () => {
    let clock = 1_000_000;
    const s = await linked(setup({ now: () => clock }));
    // A request still open when the window goes: the person closed it on it.
    s.siteFake.send(request(2));
    s.links.windowRemoved(s.made.id);
    // The site asks again (a new port, as its bridge connects anew) just before REOPEN_MS: closed, no window.
    clock += REOPEN_MS - 1;
    const again = s.site();
    again.send(request(4));
    await settle();
    expect(news(again)).toEqual([{ type: 'closed' }]);
    expect(again.disconnected()).toBe(true);
    expect(s.windows.create).toHaveBeenCalledTimes(1);
    // Another site, or the same site in another tab, is not held back.
    s.site('https://two.example').send(request(1));
    s.site(SITE, { tab: 2 }).send(request(1));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(3);
    // At REOPEN_MS, a new window.
    clock += 1;
    const later = s.site();
    later.send(request(5));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(4);
    expect(later.disconnected()).toBe(false);
    expect(news(later)).toEqual([]);
  });

  it('holds no site back after a window that closed itself once every request was answered', async () => {
    const s = await linked(setup({ now: () => 5_000 }));
    s.siteFake.send(request(2));
    s.win.send({ type: 'message', message: { type: 'response', id: 2, result: ['0xabc'] } });
    s.links.windowRemoved(s.made.id);
    const again = s.site();
    again.send(request(3));
    await settle();
    expect(news(again)).toEqual([]);
    expect(s.windows.create).toHaveBeenCalledTimes(2);
  });

  it('does not tell a site closed for another site’s window', async () => {
    const s = await linked(setup());
    s.links.windowRemoved(s.made.id + 1);
    expect(news(s.siteFake)).not.toContainEqual({ type: 'closed' });
  });

  it('removes the window when the site’s page goes away', async () => {
    const s = await linked(setup());
    s.siteFake.gone();
    expect(s.windows.remove).toHaveBeenCalledWith(s.made.id);
    expect(s.win.disconnected()).toBe(true);
  });
});

describe('a window whose page went away after ready', () => {
  it('is closed for the site when no page says ready again within WINDOW_READY_MS: removed, the link ended', async () => {
    const { siteFake, win, made, windows, cairnWindow } = await linked(setup());
    vi.useFakeTimers();
    win.gone();
    siteFake.send(request(2));
    await vi.advanceTimersByTimeAsync(WINDOW_READY_MS - 1);
    expect(news(siteFake)).toEqual([{ type: 'connected', session: 1 }]);
    expect(windows.remove).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(news(siteFake).at(-1)).toEqual({ type: 'closed' });
    expect(windows.remove).toHaveBeenCalledWith(made.id);
    expect(siteFake.disconnected()).toBe(true);
    // A page saying ready late finds no window to join.
    expect(cairnWindow(made.tabId).disconnected()).toBe(true);
  });

  it('keeps serving when the reloaded page says ready in time', async () => {
    const s = await linked(setup());
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
  /** A site that asked once, on fake timers, and the window opened for it (not ready yet). */
  async function opening() {
    vi.useFakeTimers();
    const s = setup();
    const site = s.site();
    site.send(request(1));
    await vi.advanceTimersByTimeAsync(0);
    const made = s.created[0];
    if (!made) throw new Error('no window');
    return { s, site, made };
  }

  it('is removed after WINDOW_READY_MS, the site hears Cairn cannot be reached, and its port is let go', async () => {
    const { s, site, made } = await opening();
    await vi.advanceTimersByTimeAsync(WINDOW_READY_MS - 1);
    expect(news(site)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(news(site)).toEqual([{ type: 'unreachable', wallet: WALLET }]);
    expect(s.windows.remove).toHaveBeenCalledWith(made.id);
    expect(site.disconnected()).toBe(true);
    // A ready coming after that finds no window to join.
    const late = s.cairnWindow(made.tabId);
    expect(late.disconnected()).toBe(true);
  });

  it('is kept when ready came in time', async () => {
    const { s, site, made } = await opening();
    s.cairnWindow(made.tabId).send({ type: 'ready', nonce: nonceOf(made.url) });
    await vi.advanceTimersByTimeAsync(WINDOW_READY_MS * 2);
    expect(news(site)).toEqual([{ type: 'connected', session: 1 }]);
    expect(s.windows.remove).not.toHaveBeenCalled();
  });

  it('accepts no ready after it timed out, with the nonce or without', async () => {
    const { s, site, made } = await opening();
    const win = s.cairnWindow(made.tabId);
    await vi.advanceTimersByTimeAsync(WINDOW_READY_MS);
    win.send({ type: 'ready' });
    win.send({ type: 'ready', nonce: nonceOf(made.url) });
    expect(news(site)).toEqual([{ type: 'unreachable', wallet: WALLET }]);
    expect(win.posted).toEqual([]);
  });
});

describe('a window the browser does not open', () => {
  it('tells the site why, and lets its port go', async () => {
    const s = setup();
    s.windows.create.mockRejectedValueOnce(new Error('no windows here'));
    const site = s.site();
    site.send(request(1));
    await settle();
    await settle();
    expect(news(site)).toEqual([{ type: 'refused', reason: OPEN_FAILED_SENTENCE }]);
    expect(site.disconnected()).toBe(true);
  });
});
