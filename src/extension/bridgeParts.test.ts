// The bridge (bridgeParts.ts) between a page and the background, with a fake window (messages the
// bridge posts are recorded; messages to the window are dispatched with the source and origin a
// test names), fake chrome.runtime ports and a fake interval. The page's channel is Node's own
// MessageChannel, so what crosses it arrives a moment later (`arrived`).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_TAG } from '../core/dapp/protocol';
import { type FakePort, fakePort, request, SITE, WALLET_ORIGIN } from '../testing/extensionFakes';
import { HEARTBEAT_MS, startBridge } from './bridgeParts';
import type { Chrome } from './chromeApi';
import { EXTENSION_TAG, SITE_PORT, WINDOW_PORT } from './messages';

type Posted = { message: unknown; targetOrigin: string; transfer: MessagePort[] };

/** A page's window as its bridge sees it: the person clicked on it a moment ago, unless a test says not. */
class FakeWindow extends EventTarget {
  readonly posted: Posted[] = [];
  top: unknown = this;
  readonly navigator = { userActivation: { isActive: true } };
  constructor(readonly origin: string) {
    super();
  }
  postMessage(message: unknown, targetOrigin: string, transfer: MessagePort[] = []) {
    this.posted.push({ message, targetOrigin, transfer });
  }
  /** A message event at this window, from `source` at `origin` (this window, at its own, unless told). */
  receive(data: unknown, { source = this as unknown, origin = this.origin } = {}) {
    const event = new MessageEvent('message', { data, origin });
    Object.defineProperty(event, 'source', { value: source });
    this.dispatchEvent(event);
  }
}

/** Waits until `check` passes, as what was posted on a channel crosses it. */
const arrived = (check: () => void) => vi.waitFor(check, { interval: 1 });

const channels: MessagePort[] = [];
afterEach(() => {
  for (const port of channels.splice(0)) port.close();
  vi.restoreAllMocks();
});

/** The bridge started in a window at `origin` (a top window unless `top` is false). */
function setup(origin = SITE, { top = true } = {}) {
  const win = new FakeWindow(origin);
  if (!top) win.top = new FakeWindow(origin);
  const ports: FakePort[] = [];
  const connect = vi.fn(({ name }: { name: string }) => {
    const fake = fakePort({}, name);
    ports.push(fake);
    return fake.port;
  });
  const beats: { beat: () => void; ms: number; handle: object }[] = [];
  const every = vi.fn((beat: () => void, ms: number) => {
    const handle = {};
    beats.push({ beat, ms, handle });
    return handle;
  });
  const cleared = vi.spyOn(globalThis, 'clearInterval');
  const chrome = { runtime: { connect } } as unknown as Pick<Chrome, 'runtime'>;
  startBridge(win as unknown as Parameters<typeof startBridge>[0], chrome, every as unknown as typeof setInterval);
  for (const { transfer } of win.posted) channels.push(...transfer);
  return { win, connect, ports, beats, every, cleared };
}

/** The page's end of the channel the bridge posted (what inpage.js takes), and what reaches it. */
function pageEnd(win: FakeWindow) {
  const port = win.posted[0]?.transfer[0];
  if (!port) throw new Error('no channel was posted');
  const heard: unknown[] = [];
  port.onmessage = ({ data }) => heard.push(data);
  return { port, heard };
}

describe('the page’s channel', () => {
  it('is not posted to a page with an opaque origin', () => {
    const s = setup('null', { top: false });
    expect(s.win.posted).toEqual([]);
  });

  it('is posted once, to the page’s own origin only, with one port, and connects nothing yet', () => {
    const s = setup(SITE, { top: false });
    expect(s.win.posted).toHaveLength(1);
    const [posted] = s.win.posted;
    expect(posted?.message).toEqual({ tag: EXTENSION_TAG });
    expect(posted?.targetOrigin).toBe(SITE);
    expect(posted?.transfer).toHaveLength(1);
    expect(posted?.transfer[0]).toBeInstanceOf(MessagePort);
    expect(s.connect).not.toHaveBeenCalled();
  });

  it('carries the page’s requests on one site port, made at the first, and brings the background’s news back', async () => {
    const s = setup();
    const page = pageEnd(s.win);
    page.port.postMessage(request(1));
    page.port.postMessage(request(2, 'eth_chainId'));
    await arrived(() => expect(s.ports[0]?.posted).toHaveLength(2));
    expect(s.connect).toHaveBeenCalledTimes(1);
    expect(s.connect).toHaveBeenCalledWith({ name: SITE_PORT });
    expect(s.ports[0]?.posted).toEqual([request(1), request(2, 'eth_chainId')]);
    s.ports[0]?.send({ type: 'connected', session: 1 });
    s.ports[0]?.send({ type: 'window', message: { type: 'response', id: 1, result: ['0xabc'] } });
    await arrived(() => expect(page.heard).toHaveLength(2));
    expect(page.heard).toEqual([
      { type: 'connected', session: 1 },
      { type: 'window', message: { type: 'response', id: 1, result: ['0xabc'] } },
    ]);
  });

  it('says whether the person had just clicked on the page when it carried a request, whatever the page wrote', async () => {
    const s = setup();
    const page = pageEnd(s.win);
    s.win.navigator.userActivation.isActive = false;
    page.port.postMessage(request(1, 'eth_requestAccounts', undefined, 0, true));
    await arrived(() => expect(s.ports[0]?.posted).toHaveLength(1));
    s.win.navigator.userActivation.isActive = true;
    page.port.postMessage(request(2, 'eth_requestAccounts', undefined, 0, false));
    await arrived(() => expect(s.ports[0]?.posted).toHaveLength(2));
    expect(s.ports[0]?.posted).toEqual([
      request(1, 'eth_requestAccounts', undefined, 0, false),
      request(2, 'eth_requestAccounts', undefined, 0, true),
    ]);
  });

  it('carries nothing that is not a request, and connects for none of it', async () => {
    const s = setup();
    const page = pageEnd(s.win);
    for (const junk of [null, 'request', [], { type: 'alive' }, { type: 'response', id: 1 }, { id: 1 }])
      page.port.postMessage(junk);
    page.port.postMessage(request(1));
    // The channel keeps its order: once the request is through, so is all that came before it.
    await arrived(() => expect(s.ports[0]?.posted).toHaveLength(1));
    expect(s.ports[0]?.posted).toEqual([request(1)]);
    expect(s.connect).toHaveBeenCalledTimes(1);
  });

  it('tells the page gone when the background lets it go, and connects anew for the next request', async () => {
    const s = setup();
    const page = pageEnd(s.win);
    page.port.postMessage(request(1));
    await arrived(() => expect(s.ports).toHaveLength(1));
    s.ports[0]?.gone();
    await arrived(() => expect(page.heard).toEqual([{ type: 'gone' }]));
    page.port.postMessage(request(2));
    await arrived(() => expect(s.ports[1]?.posted).toEqual([request(2)]));
    expect(s.connect).toHaveBeenCalledTimes(2);
    expect(s.connect).toHaveBeenLastCalledWith({ name: SITE_PORT });
    expect(s.ports[0]?.posted).toEqual([request(1)]);
  });

  it.each(['closed', 'unreachable', 'refused'])(
    'after %s (the link’s end) tells the page no gone, and a request made on hearing it connects anew',
    async (ending) => {
      const s = setup();
      const page = pageEnd(s.win);
      page.port.postMessage(request(1));
      await arrived(() => expect(s.ports).toHaveLength(1));
      s.ports[0]?.send({ type: ending, reason: 'why', wallet: 'https://wallet.example/' });
      await arrived(() => expect(page.heard).toHaveLength(1));
      page.port.postMessage(request(2));
      await arrived(() => expect(s.ports[1]?.posted).toEqual([request(2)]));
      // The background lets the old port go: no news for the page, whose new request is under way.
      s.ports[0]?.gone();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(page.heard).toEqual([expect.objectContaining({ type: ending })]);
    },
  );

  it('says alive every HEARTBEAT_MS while the site port is open, and stops when it closes', async () => {
    const s = setup();
    const page = pageEnd(s.win);
    expect(s.every).not.toHaveBeenCalled();
    page.port.postMessage(request(1));
    await arrived(() => expect(s.ports).toHaveLength(1));
    expect(s.beats.map(({ ms }) => ms)).toEqual([HEARTBEAT_MS]);
    s.beats[0]?.beat();
    expect(s.ports[0]?.posted).toEqual([request(1), { type: 'alive' }]);
    expect(s.cleared).not.toHaveBeenCalledWith(s.beats[0]?.handle);
    s.ports[0]?.gone();
    expect(s.cleared).toHaveBeenCalledWith(s.beats[0]?.handle);
  });
});

describe('in Cairn’s window', () => {
  const NONCE = 'ab'.repeat(16);
  const ready = (nonce = NONCE) => ({ tag: MESSAGE_TAG, type: 'ready', nonce });

  /** The bridge in Cairn's window, after Cairn's page said ready: its window port. */
  function readied() {
    const s = setup(WALLET_ORIGIN);
    s.win.receive(ready());
    const background = s.ports[0];
    if (!background) throw new Error('no window port');
    return { ...s, background };
  }

  it('connects the window port on Cairn’s ready, and passes the ready on with its nonce', () => {
    const s = readied();
    expect(s.connect).toHaveBeenCalledTimes(1);
    expect(s.connect).toHaveBeenCalledWith({ name: WINDOW_PORT });
    expect(s.background.posted).toEqual([{ type: 'ready', nonce: NONCE }]);
  });

  it('listens for no ready in a frame', () => {
    const s = setup(WALLET_ORIGIN, { top: false });
    s.win.receive(ready());
    expect(s.connect).not.toHaveBeenCalled();
  });

  it.each([
    ['from another window', { source: {} }],
    ['from no window', { source: null }],
    ['at another origin', { origin: SITE }],
    ['at an opaque origin', { origin: 'null' }],
  ])('takes no ready %s', (_, from) => {
    const s = setup(WALLET_ORIGIN);
    s.win.receive(ready(), from);
    expect(s.connect).not.toHaveBeenCalled();
  });

  it('takes only a ready of Cairn’s protocol', () => {
    const s = setup(WALLET_ORIGIN);
    for (const data of [
      null,
      'ready',
      { type: 'ready', nonce: NONCE },
      { tag: EXTENSION_TAG, type: 'ready', nonce: NONCE },
      { tag: MESSAGE_TAG, type: 'connect', nonce: NONCE },
    ])
      s.win.receive(data);
    expect(s.connect).not.toHaveBeenCalled();
  });

  it('takes one ready per page', () => {
    const s = readied();
    s.win.receive(ready());
    s.win.receive(ready('cd'.repeat(16)));
    expect(s.connect).toHaveBeenCalledTimes(1);
    expect(s.background.posted).toEqual([{ type: 'ready', nonce: NONCE }]);
  });

  it('on accepted, hands Cairn’s page the connect with a port, at its own origin only, once', () => {
    const s = readied();
    const before = s.win.posted.length;
    s.background.send({ type: 'accepted', origin: SITE, dapp: { name: 'App' } });
    s.background.send({ type: 'accepted', origin: 'https://evil.example', dapp: { name: 'Evil' } });
    const given = s.win.posted.slice(before);
    channels.push(...given.flatMap(({ transfer }) => transfer));
    expect(given).toHaveLength(1);
    expect(given[0]?.message).toEqual({
      tag: MESSAGE_TAG,
      type: 'connect',
      nonce: NONCE,
      dapp: { name: 'App' },
      origin: SITE,
    });
    expect(given[0]?.targetOrigin).toBe(WALLET_ORIGIN);
    expect(given[0]?.transfer).toHaveLength(1);
    expect(given[0]?.transfer[0]).toBeInstanceOf(MessagePort);
  });

  it('carries the site’s requests to Cairn’s page, and its messages back to the background', async () => {
    const s = readied();
    s.background.send({ type: 'accepted', origin: SITE, dapp: { name: 'App' } });
    const cairn = s.win.posted.at(-1)?.transfer[0];
    if (!cairn) throw new Error('no port for Cairn');
    channels.push(cairn);
    const heard: unknown[] = [];
    cairn.onmessage = ({ data }) => heard.push(data);
    const asked = { type: 'request', id: 1, method: 'eth_chainId' };
    s.background.send({ type: 'request', request: asked });
    await arrived(() => expect(heard).toEqual([asked]));
    const answer = { type: 'response', id: 1, result: '0x1' };
    cairn.postMessage(answer);
    await arrived(() => expect(s.background.posted).toHaveLength(2));
    expect(s.background.posted).toEqual([
      { type: 'ready', nonce: NONCE },
      { type: 'message', message: answer },
    ]);
  });

  it('says alive every HEARTBEAT_MS while the window port is open, and stops when it closes', () => {
    const s = readied();
    expect(s.beats.map(({ ms }) => ms)).toEqual([HEARTBEAT_MS]);
    s.beats[0]?.beat();
    expect(s.background.posted.at(-1)).toEqual({ type: 'alive' });
    expect(s.cleared).not.toHaveBeenCalledWith(s.beats[0]?.handle);
    s.background.gone();
    expect(s.cleared).toHaveBeenCalledWith(s.beats[0]?.handle);
  });
});
