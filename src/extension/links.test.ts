// The background's links (links.ts), as the site's page reaches them: who may ask, the window
// opened for it, and what the site is told when Cairn cannot serve it. Cairn's window's side is
// in linksWindow.test.ts.
import { describe, expect, it } from 'vitest';
import { parseWindowFragment } from '../core/dapp/protocol';
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
  WALLET_ORIGIN,
} from '../testing/extensionFakes';
import { createLinks, FRAME_SENTENCE, NO_WALLET_SENTENCE, OPAQUE_SENTENCE, OWN_PAGE_SENTENCE } from './links';
import type { SiteNews, ToWindow } from './messages';

const setup = (options?: HarnessOptions) => linksHarness(createLinks, options);
const news = (fake: FakePort) => fake.posted as SiteNews[];
const toWindow = (fake: FakePort) => fake.posted as ToWindow[];

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

  it.each([
    ['of another site than its top page', 'https://ads.example', 'https://app.example/shop'],
    ['of the top page’s host on another scheme', 'http://app.example', 'https://app.example/'],
    ['whose top page the browser does not tell', SITE, undefined],
    ['whose tab’s URL has no origin', SITE, 'about:blank'],
  ])('refuses a frame %s with the sentence, disconnects it and opens nothing', async (_, origin, url) => {
    const s = setup();
    const frame = s.site(origin, { frameId: 4, url });
    expect(news(frame)).toEqual([{ type: 'refused', reason: FRAME_SENTENCE }]);
    expect(frame.disconnected()).toBe(true);
    frame.send(request(1));
    await settle();
    expect(s.windows.create).not.toHaveBeenCalled();
  });

  it('serves a frame of the top page’s own site, for that site', async () => {
    const s = setup();
    const frame = s.site(SITE, { frameId: 4, url: 'https://app.example/shop/cart?item=1#top' });
    frame.send(request(1));
    await settle();
    expect(frame.disconnected()).toBe(false);
    expect(news(frame)).toEqual([]);
    expect(s.created).toHaveLength(1);
    expect(parseWindowFragment(new URL(s.created[0]?.url ?? '').hash)?.origin).toBe(SITE);
  });

  it('serves the top page whatever the tab’s URL says (the browser names its origin)', async () => {
    const s = setup();
    const top = s.site(SITE, { frameId: 0, url: 'https://elsewhere.example/' });
    top.send(request(1));
    await settle();
    expect(top.disconnected()).toBe(false);
    expect(s.created).toHaveLength(1);
  });

  it('refuses Cairn’s own page, lets its port go and opens no window', async () => {
    const s = setup();
    const site = s.site(WALLET_ORIGIN);
    site.send(request(1));
    await settle();
    expect(news(site)).toEqual([{ type: 'refused', reason: OWN_PAGE_SENTENCE }]);
    expect(site.disconnected()).toBe(true);
    expect(s.windows.create).not.toHaveBeenCalled();
  });

  it('says no Cairn address is set when the options give none, lets the port go and asks nobody', async () => {
    const s = setup({ wallet: '' });
    const site = s.site();
    site.send(request(1));
    await settle();
    expect(news(site)).toEqual([{ type: 'refused', reason: NO_WALLET_SENTENCE }]);
    expect(site.disconnected()).toBe(true);
    expect(s.reached).toEqual([]);
    expect(s.windows.create).not.toHaveBeenCalled();
  });

  it('says unreachable with the wallet’s address when Cairn does not answer, ends the link and opens nothing', async () => {
    const s = setup({ reachable: false });
    const site = s.site();
    site.send(request(1));
    await settle();
    expect(s.reached).toEqual([WALLET]);
    expect(news(site)).toEqual([{ type: 'unreachable', wallet: WALLET }]);
    expect(site.disconnected()).toBe(true);
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

  it('forwards a request of the window’s session, not one of an older session (the page sends it again)', async () => {
    const s = await linked(setup());
    s.siteFake.send(request(2, 'eth_chainId', undefined, 0));
    expect(toWindow(s.win)).toEqual([{ type: 'accepted', origin: SITE, dapp: { name: 'App' } }]);
    expect(s.windows.update).not.toHaveBeenCalled();
    s.siteFake.send(request(2, 'eth_chainId', undefined, 1));
    expect(toWindow(s.win).slice(1)).toEqual([
      { type: 'request', request: { type: 'request', id: 2, method: 'eth_chainId', params: [], chainId: undefined } },
    ]);
  });
});
