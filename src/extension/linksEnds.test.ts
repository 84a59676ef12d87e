// The background's links (links.ts) across their ends: sessions that never match an ended link's,
// ports of an ended link that can no longer join, a window closed before it was ready, a second
// frame of the same site while a window opens, and a site that left while its window was to open.
import { describe, expect, it } from 'vitest';
import {
  type FakePort,
  type HarnessOptions,
  linked,
  linksHarness,
  nonceOf,
  request,
  SITE,
  settle,
} from '../testing/extensionFakes';
import { BUSY_SENTENCE, createLinks, REOPEN_MS } from './links';
import type { SiteNews, ToWindow } from './messages';

const setup = (options?: HarnessOptions) => linksHarness(createLinks, options);
const news = (fake: FakePort) => fake.posted as SiteNews[];
const toWindow = (fake: FakePort) => fake.posted as ToWindow[];

describe('the links’ ends', () => {
  it('counts sessions across links: a request of an ended link’s session is not forwarded by the next', async () => {
    const s = await linked(setup({ now: () => 0 }));
    // The window closes itself once all was answered; the site asks again, on a new link.
    s.links.windowRemoved(s.made.id);
    const again = s.site();
    again.send(request(2, 'eth_requestAccounts', undefined, 0));
    await settle();
    const made = s.created[1];
    if (!made) throw new Error('no second window');
    const win = s.cairnWindow(made.tabId);
    win.send({ type: 'ready', nonce: nonceOf(made.url) });
    expect(news(again)).toEqual([{ type: 'connected', session: 2 }]);
    // Sent before the page heard of the new window, with the old link's session: dropped.
    again.send(request(3, 'eth_requestAccounts', undefined, 1));
    expect(toWindow(win)).toHaveLength(1);
    again.send(request(3, 'eth_requestAccounts', undefined, 2));
    expect(toWindow(win).at(-1)).toMatchObject({ type: 'request', request: { id: 3 } });
  });

  it('lets every port of an ended link go: a late ready with the right nonce joins nothing', async () => {
    const s = setup();
    const site = s.site();
    site.send(request(1));
    await settle();
    const made = s.created[0];
    if (!made) throw new Error('no window');
    const early = s.cairnWindow(made.tabId);
    site.gone();
    expect(early.disconnected()).toBe(true);
    expect(() => early.send({ type: 'ready', nonce: nonceOf(made.url) })).not.toThrow();
    expect(early.posted).toEqual([]);
  });

  it('holds the site back after the person closed its window before it was ready', async () => {
    let clock = 50_000;
    const s = setup({ now: () => clock });
    const site = s.site();
    site.send(request(1));
    await settle();
    s.links.windowRemoved(s.created[0]?.id ?? -1);
    expect(news(site)).toEqual([{ type: 'closed' }]);
    const again = s.site();
    again.send(request(2));
    await settle();
    expect(news(again)).toEqual([{ type: 'closed' }]);
    clock += REOPEN_MS;
    s.site().send(request(3));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(2);
  });

  it('holds nothing back after a window that closed itself, its page’s port gone before the window', async () => {
    const s = await linked(setup({ now: () => 7_000 }));
    s.siteFake.send(request(2));
    s.win.send({ type: 'message', message: { type: 'response', id: 2, result: '0x1' } });
    // As Chromium reports it: the page unloads (its port goes), then the window is removed.
    s.win.gone();
    s.links.windowRemoved(s.made.id);
    const again = s.site();
    again.send(request(3));
    await settle();
    expect(news(again)).toEqual([]);
    expect(s.windows.create).toHaveBeenCalledTimes(2);
  });

  it('opens one window per site in a tab: a second frame asking while it opens is told to wait', async () => {
    const s = setup();
    const top = s.site();
    top.send(request(1));
    const frame = s.site(SITE, { frameId: 3, url: `${SITE}/` });
    frame.send(request(1));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(1);
    expect(news(frame)).toEqual([{ type: 'refused', reason: BUSY_SENTENCE }]);
    expect(frame.disconnected()).toBe(true);
    // Another tab of the same site is not held back.
    s.site(SITE, { tab: 2 }).send(request(1));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(2);
  });

  it('opens nothing, and tells no one, for a site that left while Cairn’s address was read', async () => {
    const s = setup();
    const site = s.site();
    site.send(request(1));
    site.gone();
    await settle();
    await settle();
    expect(s.windows.create).not.toHaveBeenCalled();
    expect(s.reached).toEqual([]);
  });
});
