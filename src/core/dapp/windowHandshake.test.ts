import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_TAG } from './protocol';
import { awaitSite, HANDSHAKE_TIMEOUT_MS, type Handshake, type HandshakeWindow } from './windowHandshake';

const SITE = 'https://app.example';
const CAIRN = 'https://wallet.example';
const NONCE = '0123456789abcdef0123456789abcdef';
const HASH = `#origin=${encodeURIComponent(SITE)}&nonce=${NONCE}`;

type Posted = { message: unknown; targetOrigin: string };

/** A window that opens another: it records what is posted to it. */
function fakeOpener() {
  const posted: Posted[] = [];
  return { posted, postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) };
}

type Delivery = { data: unknown; origin: string; source: unknown; ports: readonly MessagePort[] };

/**
 * Cairn's dApp window as the handshake sees it: a real EventTarget, so listeners are added and
 * removed as a browser does, and message events carrying the fields the browser sets.
 */
function fakeWindow(hash: string, opener: ReturnType<typeof fakeOpener> | null) {
  const target = new EventTarget();
  let listeners = 0;
  const self = fakeOpener();
  const win: HandshakeWindow = {
    opener,
    location: { hash, origin: CAIRN },
    postMessage: self.postMessage,
    addEventListener(type, listener) {
      listeners += 1;
      target.addEventListener(type, listener as EventListener);
    },
    removeEventListener(type, listener) {
      listeners -= 1;
      target.removeEventListener(type, listener as EventListener);
    },
  };
  const deliver = (event: Delivery) => target.dispatchEvent(Object.assign(new Event('message'), event));
  return { win, deliver, listeners: () => listeners, postedToSelf: self.posted };
}

const connect = (dapp: unknown = { name: 'Example' }, nonce = NONCE) => ({
  tag: MESSAGE_TAG,
  type: 'connect',
  nonce,
  dapp,
});

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Tracks whether the handshake has finished yet. */
function watch(promise: Promise<Handshake>) {
  const state: { outcome: Handshake | undefined } = { outcome: undefined };
  void promise.then((outcome) => {
    state.outcome = outcome;
  });
  return state;
}

let channels: MessageChannel[] = [];
const port = () => {
  const channel = new MessageChannel();
  channels.push(channel);
  return channel.port1;
};

beforeEach(() => {
  channels = [];
});

afterEach(() => {
  for (const channel of channels) {
    channel.port1.close();
    channel.port2.close();
  }
  vi.useRealTimers();
});

describe("Cairn window's side of the handshake", () => {
  it('announces itself to its opener, addressed only to the origin the fragment names', () => {
    const opener = fakeOpener();
    const { win } = fakeWindow(HASH, opener);
    void awaitSite(win);
    expect(opener.posted).toEqual([{ message: { tag: MESSAGE_TAG, type: 'ready', nonce: NONCE }, targetOrigin: SITE }]);
    expect(opener.posted.map((p) => p.targetOrigin)).not.toContain('*');
  });

  it("takes the site's port from its opener, from that origin, with the nonce", async () => {
    const opener = fakeOpener();
    const { win, deliver, listeners } = fakeWindow(HASH, opener);
    const handshake = awaitSite(win);
    expect(listeners()).toBe(1);
    const sitePort = port();
    deliver({ data: connect({ name: 'Example' }), origin: SITE, source: opener, ports: [sitePort] });
    await expect(handshake).resolves.toEqual({ ok: true, origin: SITE, dapp: { name: 'Example' }, port: sitePort });
    // Done listening: a later message finds nobody.
    expect(listeners()).toBe(0);
  });

  it('keeps waiting through messages from another window, another origin, another nonce or without a port', async () => {
    const opener = fakeOpener();
    const { win, deliver, listeners } = fakeWindow(HASH, opener);
    const state = watch(awaitSite(win));
    const other = fakeOpener();
    const sitePort = port();
    const forged: Delivery[] = [
      // A third page (another window) that knows the origin and nonce.
      { data: connect(), origin: SITE, source: other, ports: [port()] },
      // A message with no source at all (a worker, or a port).
      { data: connect(), origin: SITE, source: null, ports: [port()] },
      // The opener, but navigated elsewhere (another origin now).
      { data: connect(), origin: 'https://evil.example', source: opener, ports: [port()] },
      // The origin spelt almost the same.
      { data: connect(), origin: `${SITE}/`, source: opener, ports: [port()] },
      { data: connect(), origin: 'https://APP.example', source: opener, ports: [port()] },
      { data: connect(), origin: 'null', source: opener, ports: [port()] },
      // Another exchange's nonce.
      {
        data: connect({ name: 'Example' }, 'fedcba9876543210fedcba9876543210'),
        origin: SITE,
        source: opener,
        ports: [],
      },
      {
        data: connect({ name: 'Example' }, 'fedcba9876543210fedcba9876543210'),
        origin: SITE,
        source: opener,
        ports: [port()],
      },
      // Everything right but no port to talk over.
      { data: connect(), origin: SITE, source: opener, ports: [] },
      // Not a connect message.
      { data: { tag: MESSAGE_TAG, type: 'ready', nonce: NONCE }, origin: SITE, source: opener, ports: [port()] },
      { data: { ...connect(), tag: 'someone-else' }, origin: SITE, source: opener, ports: [port()] },
      { data: connect({ name: 42 }), origin: SITE, source: opener, ports: [port()] },
      { data: 'connect', origin: SITE, source: opener, ports: [port()] },
      { data: null, origin: SITE, source: opener, ports: [port()] },
    ];
    for (const event of forged) {
      deliver(event);
      await settle();
      expect(state.outcome, JSON.stringify({ ...event, source: event.source === opener ? 'opener' : 'other' })).toBe(
        undefined,
      );
    }
    expect(listeners()).toBe(1);
    deliver({ data: connect(), origin: SITE, source: opener, ports: [sitePort] });
    await settle();
    expect(state.outcome).toEqual({ ok: true, origin: SITE, dapp: { name: 'Example' }, port: sitePort });
  });

  it('takes only the first genuine connect', async () => {
    const opener = fakeOpener();
    const { win, deliver } = fakeWindow(HASH, opener);
    const handshake = awaitSite(win);
    const first = port();
    deliver({ data: connect({ name: 'First' }), origin: SITE, source: opener, ports: [first] });
    deliver({ data: connect({ name: 'Second' }), origin: SITE, source: opener, ports: [port()] });
    await expect(handshake).resolves.toMatchObject({ ok: true, dapp: { name: 'First' }, port: first });
  });

  it('says not-opened, posting nothing, without an opener or without a fragment the connector writes', async () => {
    const opener = fakeOpener();
    for (const hash of [
      '',
      '#',
      `#nonce=${NONCE}`,
      `#origin=${encodeURIComponent(SITE)}`,
      `#origin=${encodeURIComponent(`${SITE}/`)}&nonce=${NONCE}`,
      `#origin=null&nonce=${NONCE}`,
      `#origin=${encodeURIComponent(SITE)}&nonce=${NONCE.toUpperCase()}`,
    ]) {
      const { win, listeners } = fakeWindow(hash, opener);
      await expect(awaitSite(win), hash).resolves.toEqual({ ok: false, reason: 'not-opened' });
      expect(listeners()).toBe(0);
    }
    const { win, listeners } = fakeWindow(HASH, null);
    await expect(awaitSite(win)).resolves.toEqual({ ok: false, reason: 'not-opened' });
    expect(listeners()).toBe(0);
    expect(opener.posted).toEqual([]);
  });

  it('says no-answer when the site never hands over its port in time, and stops listening', async () => {
    vi.useFakeTimers();
    const opener = fakeOpener();
    const { win, deliver, listeners } = fakeWindow(HASH, opener);
    const state = watch(awaitSite(win));
    await vi.advanceTimersByTimeAsync(HANDSHAKE_TIMEOUT_MS - 1);
    expect(state.outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(state.outcome).toEqual({ ok: false, reason: 'no-answer' });
    expect(listeners()).toBe(0);
    // Too late: the window already gave up.
    deliver({ data: connect(), origin: SITE, source: opener, ports: [port()] });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.outcome).toEqual({ ok: false, reason: 'no-answer' });
  });

  it('waits as long as it is told to', async () => {
    vi.useFakeTimers();
    const { win } = fakeWindow(HASH, fakeOpener());
    const state = watch(awaitSite(win, 500));
    await vi.advanceTimersByTimeAsync(499);
    expect(state.outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(state.outcome).toEqual({ ok: false, reason: 'no-answer' });
  });

  it('answers a site that lied about its origin with silence: its connect is ignored until no-answer', async () => {
    vi.useFakeTimers();
    // evil.example opened the window claiming to be app.example: ready goes to app.example only.
    const evil = fakeOpener();
    const { win, deliver } = fakeWindow(HASH, evil);
    const state = watch(awaitSite(win));
    expect(evil.posted.map((p) => p.targetOrigin)).toEqual([SITE]);
    // The browser says where its connect really came from.
    deliver({ data: connect(), origin: 'https://evil.example', source: evil, ports: [port()] });
    await vi.advanceTimersByTimeAsync(HANDSHAKE_TIMEOUT_MS);
    expect(state.outcome).toEqual({ ok: false, reason: 'no-answer' });
  });
});

describe('what the site says about itself', () => {
  const handshakeWith = async (dapp: unknown) => {
    const opener = fakeOpener();
    const { win, deliver } = fakeWindow(HASH, opener);
    const handshake = awaitSite(win);
    deliver({ data: connect(dapp), origin: SITE, source: opener, ports: [port()] });
    const outcome = await handshake;
    if (!outcome.ok) throw new Error(`handshake failed: ${outcome.reason}`);
    return outcome.dapp;
  };
  const png = `data:image/png;base64,${'A'.repeat(64)}`;

  it('trims the name and cuts it to 80 characters', async () => {
    expect(await handshakeWith({ name: '  Uniswap \n' })).toEqual({ name: 'Uniswap' });
    expect(await handshakeWith({ name: `  ${'n'.repeat(200)}` })).toEqual({ name: 'n'.repeat(80) });
    expect(await handshakeWith({ name: '   ' })).toEqual({ name: '' });
  });

  it('keeps an icon only as a small data: raster image', async () => {
    expect(await handshakeWith({ name: 'A', icon: png })).toEqual({ name: 'A', icon: png });
    for (const type of ['jpeg', 'gif', 'webp']) {
      const icon = `data:image/${type};base64,AAAA`;
      expect(await handshakeWith({ name: 'A', icon })).toEqual({ name: 'A', icon });
    }
    for (const icon of [
      'https://app.example/icon.png',
      '//app.example/icon.png',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'data:image/svg+xml,<svg onload="alert(1)"></svg>',
      'data:text/html;base64,PGgxPmhpPC9oMT4=',
      'data:image/png,rawbytes',
      ` ${png}`,
      'javascript:alert(1)',
      `data:image/png;base64,${'A'.repeat(8_192)}`,
      42,
      { src: png },
    ]) {
      expect(await handshakeWith({ name: 'A', icon }), String(icon).slice(0, 40)).toEqual({ name: 'A' });
    }
  });

  it('drops anything else the site sent along', async () => {
    expect(await handshakeWith({ name: 'A', url: 'https://elsewhere.example', rdns: 'x' })).toEqual({ name: 'A' });
  });

  describe('opened by the companion extension (no opener, via=extension)', () => {
    const VIA = `${HASH}&via=extension`;
    const fromExtension = (data: unknown = { ...connect(), origin: SITE }) => data;

    it('announces itself to its own page, addressed only to its own origin', () => {
      const { win, postedToSelf } = fakeWindow(VIA, null);
      void awaitSite(win);
      expect(postedToSelf).toEqual([
        { message: { tag: MESSAGE_TAG, type: 'ready', nonce: NONCE }, targetOrigin: CAIRN },
      ]);
    });

    it("takes the port only from its own page, at its own origin, with the nonce and the fragment's site", async () => {
      const { win, deliver, listeners } = fakeWindow(VIA, null);
      const state = watch(awaitSite(win));
      const forged: Delivery[] = [
        // The site itself, or any other window, cannot pose as the extension.
        { data: fromExtension(), origin: SITE, source: fakeOpener(), ports: [port()] },
        { data: fromExtension(), origin: CAIRN, source: fakeOpener(), ports: [port()] },
        { data: fromExtension(), origin: SITE, source: win, ports: [port()] },
        // The extension naming another site than the fragment.
        { data: { ...connect(), origin: 'https://evil.example' }, origin: CAIRN, source: win, ports: [port()] },
        { data: connect(), origin: CAIRN, source: win, ports: [port()] },
        {
          data: { ...connect({ name: 'x' }, 'fedcba9876543210fedcba9876543210'), origin: SITE },
          origin: CAIRN,
          source: win,
          ports: [port()],
        },
        { data: fromExtension(), origin: CAIRN, source: win, ports: [] },
      ];
      for (const event of forged) {
        deliver(event);
        await settle();
        expect(state.outcome).toBeUndefined();
      }
      const sitePort = port();
      deliver({ data: fromExtension(), origin: CAIRN, source: win, ports: [sitePort] });
      await settle();
      expect(state.outcome).toEqual({ ok: true, origin: SITE, dapp: { name: 'Example' }, port: sitePort });
      expect(listeners()).toBe(0);
    });

    it('keeps to its opener when it has one, whatever the fragment says', async () => {
      const opener = fakeOpener();
      const { win, deliver, postedToSelf } = fakeWindow(VIA, opener);
      const state = watch(awaitSite(win));
      expect(postedToSelf).toEqual([]);
      expect(opener.posted.map((p) => p.targetOrigin)).toEqual([SITE]);
      deliver({ data: fromExtension(), origin: CAIRN, source: win, ports: [port()] });
      await settle();
      expect(state.outcome).toBeUndefined();
    });
  });
});
