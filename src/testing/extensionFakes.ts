// Fakes for the companion extension's tests (src/extension): chrome.runtime ports as one end sees
// them, the background's windows API, and the background's links (links.ts) driven through them.
// Written to the shapes of src/extension/chromeApi.ts and links.ts, not importing them: the test
// helpers may not import the extension (scripts/lint/layers.ts); its tests pass createLinks in.
import { vi } from 'vitest';
import { parseWindowFragment } from '../core/dapp/protocol';

/** The browser's word on who holds a port's other end (chromeApi.ts MessageSender). */
export type FakeSender = { origin?: string; frameId?: number; tab?: { id?: number; url?: string } };

/** A chrome.runtime port (chromeApi.ts RuntimePort). */
export type FakeRuntimePort = {
  readonly name: string;
  readonly sender?: FakeSender;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
};

/** A chrome.runtime port as one end sees it: what that end posted, and a way to play the other end. */
export function fakePort(sender: FakeSender = {}, name = 'port') {
  const onMessage: ((message: unknown) => void)[] = [];
  const onDisconnect: (() => void)[] = [];
  const posted: unknown[] = [];
  let disconnected = false;
  const port: FakeRuntimePort = {
    name,
    sender,
    // As Chromium's: posting on a port let go throws.
    postMessage: (message) => {
      if (disconnected) throw new Error('Attempting to use a disconnected port object');
      posted.push(message);
    },
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
      disconnected = true;
      for (const listener of onDisconnect) listener();
    },
  };
}
export type FakePort = ReturnType<typeof fakePort>;

export const WALLET = 'https://wallet.example/cairn/';
export const WALLET_ORIGIN = 'https://wallet.example';
export const SITE = 'https://app.example';
/** The tab the site pages of linksHarness are in, unless a test names another. */
export const SITE_TAB = 1;

/** The background's chrome.windows: each window made gets an id from 10 and a tab of id + 100. */
function fakeWindows() {
  let nextId = 10;
  const created: { url: string; id: number; tabId: number }[] = [];
  const windows = {
    create: vi.fn(async ({ url }: { url: string }) => {
      const id = nextId++;
      const tabId = id + 100;
      created.push({ url, id, tabId });
      return { id, tabs: [{ id: tabId }] };
    }),
    update: vi.fn(async (_windowId: number, _options: { focused: boolean }) => ({})),
    remove: vi.fn(async (_windowId: number) => {}),
    onRemoved: { addListener: (_listener: (windowId: number) => void) => {} },
  };
  return { windows, created };
}

/** What createLinks takes (links.ts LinkDeps), as the harness gives it. */
export type HarnessDeps = {
  api: { windows: ReturnType<typeof fakeWindows>['windows'] };
  showWaiting(tab: number, origins: string[]): void;
  wallet(): Promise<string>;
  reachable(wallet: string): Promise<boolean>;
  now: () => number;
};
/** What createLinks gives. */
type Links = {
  site(port: FakeRuntimePort): void;
  cairnWindow(port: FakeRuntimePort): void;
  windowRemoved(windowId: number): void;
  openWaiting(tab: number | undefined): boolean;
};

export type HarnessOptions = { reachable?: boolean; wallet?: string; now?: () => number };
/** Where a site page is: a frame of the tab (frameId other than 0) and the tab's URL, if the browser tells it. */
export type SitePlace = { frameId?: number; url?: string; tab?: number };

/**
 * The site's request (SiteRequest), of the window's first session unless `session` says otherwise,
 * made with the person's click (as the bridge says) unless `activated` is false.
 */
export const request = (
  id: number,
  method = 'eth_requestAccounts',
  origin?: string,
  session = 1,
  activated = true,
) => ({
  type: 'request',
  id,
  method,
  params: [],
  dapp: { name: 'App' },
  session,
  activated,
  ...(origin ? { origin } : {}),
});
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
export const nonceOf = (url: string) => parseWindowFragment(new URL(url).hash)?.nonce ?? '';

/**
 * The background's links (pass links.ts createLinks) with a fake windows API, a Cairn at WALLET
 * and a clock at 0 unless told otherwise; site pages and Cairn's window's bridge connect through
 * fake ports.
 */
export function linksHarness<L extends Links>(
  createLinks: (deps: HarnessDeps) => L,
  { reachable = true, wallet = WALLET, now = () => 0 }: HarnessOptions = {},
) {
  const { windows, created } = fakeWindows();
  const reached: string[] = [];
  /** What the toolbar button shows in each tab: the sites waiting there (none: nothing). */
  const waiting = new Map<number, string[]>();
  const links = createLinks({
    api: { windows },
    showWaiting: (tab, origins) => waiting.set(tab, origins),
    wallet: async () => wallet,
    reachable: async (at) => {
      reached.push(at);
      return reachable;
    },
    now,
  });
  /** A site page connecting, as the browser names it (`null`: no origin at all); the top page unless `place` says. */
  const site = (origin: string | null = SITE, { frameId = 0, url, tab = SITE_TAB }: SitePlace = {}) => {
    const sender = origin === null ? {} : { origin, frameId, tab: url === undefined ? { id: tab } : { id: tab, url } };
    const fake = fakePort(sender, 'cairn-site');
    links.site(fake.port);
    return fake;
  };
  /** Cairn's window's bridge connecting from `tabId`. */
  const cairnWindow = (tabId: number, { frameId = 0, origin = WALLET_ORIGIN } = {}) => {
    const fake = fakePort({ origin, frameId, tab: { id: tabId } }, 'cairn-window');
    links.cairnWindow(fake.port);
    return fake;
  };
  return { links, windows, created, reached, waiting, site, cairnWindow };
}
export type Harness = ReturnType<typeof linksHarness>;

/** A site that asked once, and the Cairn window opened for it, ready and accepted (session 1). */
export async function linked(s: Harness, origin = SITE, place: SitePlace = {}) {
  const site = s.site(origin, place);
  site.send(request(1));
  await settle();
  const made = s.created.at(-1);
  if (!made) throw new Error('no window was opened');
  const win = s.cairnWindow(made.tabId);
  win.send({ type: 'ready', nonce: nonceOf(made.url) });
  return { ...s, siteFake: site, made, win };
}
