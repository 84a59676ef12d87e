// The background's links (links.ts) and the person's click: a request made without one waits on
// the toolbar button of its tab, whose click opens Cairn's window for it; a page that reloads
// itself or swaps its frames opens no window; windows that go unanswered hold the next one back;
// and a request brings the window to the front at most once, and only with a click.
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
  SITE_TAB,
  settle,
} from '../testing/extensionFakes';
import { createLinks, REOPEN_MS } from './links';
import type { SiteNews, ToWindow } from './messages';

const setup = (options?: HarnessOptions) => linksHarness(createLinks, options);
const news = (fake: FakePort) => fake.posted as SiteNews[];
const toWindow = (fake: FakePort) => fake.posted as ToWindow[];
/** A request for Cairn's window made without the person's click (the bridge's `activated` false). */
const unclicked = (id: number, session = 0) => request(id, 'eth_requestAccounts', undefined, session, false);

describe('a request made without a click', () => {
  it('opens no window: it waits on the toolbar button of its tab, whose click opens the window for it', async () => {
    const s = setup();
    const site = s.site();
    site.send(unclicked(1));
    site.send(unclicked(2));
    await settle();
    expect(s.windows.create).not.toHaveBeenCalled();
    expect(s.waiting.get(SITE_TAB)).toEqual([SITE]);
    expect(news(site)).toEqual([]);

    // The person clicks the button in another tab: nothing of this site opens there.
    expect(s.links.openWaiting(SITE_TAB + 1)).toBe(false);
    expect(s.links.openWaiting(undefined)).toBe(false);
    expect(s.links.openWaiting(SITE_TAB)).toBe(true);
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(1);
    expect(parseWindowFragment(new URL(s.created[0]?.url ?? '').hash)?.origin).toBe(SITE);
    expect(s.waiting.get(SITE_TAB)).toEqual([]);
    // Once ready, the page sends what waits (the connector does): forwarded, without a click.
    const made = s.created[0];
    if (!made) throw new Error('no window');
    const win = s.cairnWindow(made.tabId);
    win.send({ type: 'ready', nonce: nonceOf(made.url) });
    site.send(unclicked(1, 1));
    expect(toWindow(win).at(-1)).toMatchObject({ type: 'request', request: { id: 1 } });
    expect(s.links.openWaiting(SITE_TAB)).toBe(false);
  });

  it('opens the window once the site asks again with a click', async () => {
    const s = setup();
    const site = s.site();
    site.send(unclicked(1));
    await settle();
    site.send(request(2, 'eth_requestAccounts', undefined, 0));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(1);
    expect(s.waiting.get(SITE_TAB)).toEqual([]);
  });

  it('stops waiting on the button when its page goes, and counts the sites waiting in a tab', async () => {
    const s = setup();
    const one = s.site();
    one.send(unclicked(1));
    const two = s.site('https://two.example', { frameId: 0 });
    two.send(unclicked(1));
    s.site(SITE, { tab: 2 }).send(unclicked(1));
    await settle();
    expect(s.waiting.get(SITE_TAB)).toEqual([SITE, 'https://two.example']);
    expect(s.waiting.get(2)).toEqual([SITE]);
    one.gone();
    expect(s.waiting.get(SITE_TAB)).toEqual(['https://two.example']);
  });

  it('opens no window for a page that reloads itself, nor for frames swapped in, asking each time', async () => {
    const s = setup();
    for (let load = 0; load < 13; load++) {
      const page = s.site();
      page.send(unclicked(1));
      const frame = s.site(SITE, { frameId: load + 1, url: `${SITE}/` });
      frame.send(unclicked(1));
      await settle();
      page.gone();
      frame.gone();
    }
    const last = s.site();
    last.send(unclicked(1));
    await settle();
    expect(s.windows.create).not.toHaveBeenCalled();
    expect(s.waiting.get(SITE_TAB)).toEqual([SITE]);
  });
});

describe('windows that went unanswered', () => {
  it('hold the site back in that tab: a click within the hold waits on the button, after it opens again', async () => {
    let clock = 500_000;
    const s = setup({ now: () => clock });
    // Clicked, opened, and the page went (a reload) before the window answered.
    const first = s.site();
    first.send(request(1, 'eth_requestAccounts', undefined, 0));
    await settle();
    first.gone();
    expect(s.windows.remove).toHaveBeenCalledWith(s.created[0]?.id);
    const again = s.site();
    again.send(request(1, 'eth_requestAccounts', undefined, 0));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(1);
    expect(s.waiting.get(SITE_TAB)).toEqual([SITE]);
    expect(news(again)).toEqual([]);
    // The same site in another tab is not held back.
    s.site(SITE, { tab: 2 }).send(request(1, 'eth_requestAccounts', undefined, 0));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(2);
    // After the hold, a click opens the window again.
    clock += REOPEN_MS;
    again.send(request(2, 'eth_requestAccounts', undefined, 0));
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(3);
  });

  it('still open for the person’s click on the toolbar button during the hold', async () => {
    const s = setup();
    const first = s.site();
    first.send(request(1, 'eth_requestAccounts', undefined, 0));
    await settle();
    first.gone();
    const again = s.site();
    again.send(request(1, 'eth_requestAccounts', undefined, 0));
    await settle();
    expect(s.links.openWaiting(SITE_TAB)).toBe(true);
    await settle();
    expect(s.windows.create).toHaveBeenCalledTimes(2);
  });
});

describe('bringing the window to the front', () => {
  it('is done once per request, and only for one made with a click', async () => {
    const s = await linked(setup());
    s.siteFake.send(request(7, 'personal_sign'));
    expect(s.windows.update).toHaveBeenCalledTimes(1);
    expect(s.windows.update).toHaveBeenCalledWith(s.made.id, { focused: true });
    // The same request again, of a new session after the window reloaded: forwarded, not brought forward again.
    const reloaded = s.cairnWindow(s.made.tabId);
    reloaded.send({ type: 'ready', nonce: nonceOf(s.made.url) });
    s.siteFake.send(request(7, 'personal_sign', undefined, 2));
    expect(toWindow(reloaded).at(-1)).toMatchObject({ type: 'request', request: { id: 7 } });
    // Requests without a click: forwarded, the window left where the person put it.
    for (let id = 8; id < 20; id++) s.siteFake.send(request(id, 'personal_sign', undefined, 2, false));
    expect(toWindow(reloaded)).toHaveLength(14);
    expect(s.windows.update).toHaveBeenCalledTimes(1);
  });
});
