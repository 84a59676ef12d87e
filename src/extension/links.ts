import { type DappMetadata, extensionWindowUrl, isRecord, isSerialisedOrigin, newNonce } from '../core/dapp/protocol';
import type { Chrome, MessageSender, RuntimePort } from './chromeApi';
import type { FromWindow, SiteNews, SiteRequest, ToWindow } from './messages';
import { createWindowRules } from './windowRules';

export { REOPEN_MS } from './windowRules';

/** How long a Cairn window has to say `ready` (when opened, or after its page went away). */
export const WINDOW_READY_MS = 20_000;

export const OPAQUE_SENTENCE = 'Cairn serves pages with an http(s) origin of their own, not this frame.';
export const FRAME_SENTENCE = 'Cairn opens its window for the page’s own site, not for a frame of another site.';
export const OWN_PAGE_SENTENCE = 'Cairn’s own pages do not connect to Cairn.';
export const OPEN_FAILED_SENTENCE = 'The browser did not open Cairn’s window.';
export const BUSY_SENTENCE =
  'Cairn’s window is already opening for this site in this tab: ask again once it is answered.';
export const NO_WALLET_SENTENCE = 'No Cairn address is set: open the Cairn extension’s options and give it.';

/** One site page (a frame) asking, and the Cairn window the background opened for it. */
type Link = {
  site: RuntimePort;
  origin: string;
  /** The site's tab and origin: windows that went unanswered hold the next one back (windowRules.ts). */
  key: string;
  /** The site's tab: where its request waits on the toolbar button. */
  tab: number | undefined;
  dapp: DappMetadata;
  opening: boolean;
  /** Its request waits for the person's click on the toolbar button (no click made it, or the tab is held back). */
  queued: boolean;
  /** The requests that brought the window to the front once already: none does twice. */
  focused: Set<number>;
  windowId?: number;
  /** The tab of the window: its bridge must send from there, at `walletOrigin`, with `nonce`. */
  windowTab?: number;
  walletOrigin?: string;
  nonce?: string;
  timer?: ReturnType<typeof setTimeout>;
  /** The port of the window's bridge, once its page said `ready` with the nonce. */
  window?: RuntimePort;
  /** How many times a page of the window said `ready`: requests of an older session were sent again. */
  session: number;
  /** Requests forwarded to the window and not yet answered: closing it then is the person refusing. */
  unanswered: Set<number>;
  /** Every port of the window's tab that connected, ready or not: let go when the link ends. */
  windowPorts: Set<RuntimePort>;
};

export type LinkDeps = {
  api: Pick<Chrome, 'windows'>;
  /** Shows on the toolbar button, in `tab`, the sites whose requests wait there for the person's click (none: nothing). */
  showWaiting(tab: number, origins: string[]): void;
  /** The address of the Cairn the person chose (settings.ts; '' when none), read when a window is to open. */
  wallet(): Promise<string>;
  /** Whether Cairn answers at `wallet` (a HEAD of its dapp.html, bounded in time). */
  reachable(wallet: string): Promise<boolean>;
  now?: () => number;
};

const originOf = (url: string | undefined) => {
  try {
    return new URL(url ?? '').origin;
  } catch {
    return undefined;
  }
};

/** Why the browser's `sender` may not ask Cairn, or undefined. */
function refusal(sender: MessageSender | undefined): string | undefined {
  const origin = sender?.origin ?? 'null';
  if (!isSerialisedOrigin(origin)) return OPAQUE_SENTENCE;
  if (sender?.frameId !== 0 && originOf(sender?.tab?.url) !== origin) return FRAME_SENTENCE;
  return undefined;
}

/**
 * The background's part of the extension. A site page (a frame of the page's own site) that asks
 * with the person's click gets a Cairn window of its own, opened here (so no popup blocker or COOP
 * stands in the way), joined to it only once the window's page, at Cairn's origin, in the tab this
 * opened, says `ready` with the nonce this wrote in its fragment; the site's connector then sends
 * what waits. A request without a click, or from a tab held back after windows that went
 * unanswered (windowRules.ts), waits on the toolbar button until the person clicks it
 * (openWaiting). The site's origin is the browser's (port.sender.origin), never a message's, and
 * the click is the bridge's word (`activated`), never the page's. A link ends, its site port with
 * it, when its window closes or cannot serve.
 */
export function createLinks({ api, showWaiting, wallet, reachable, now = Date.now }: LinkDeps) {
  const links = new Set<Link>();
  const rules = createWindowRules(now);
  // Sessions are counted across links: a page's request of an ended link's session never matches.
  let sessions = 0;
  const tell = (link: Link, news: SiteNews) => {
    // Posting on a port the other end let go throws: there is no one left to tell.
    try {
      link.site.postMessage(news);
    } catch {}
  };
  const toWindow = (link: Link, message: ToWindow) => link.window?.postMessage(message);

  /** Shows what waits in `tab` on the toolbar button. */
  function showTab(tab: number | undefined) {
    if (tab === undefined) return;
    const waiting = [...links].filter((l) => l.queued && l.tab === tab).map((l) => l.origin);
    showWaiting(tab, [...new Set(waiting)]);
  }

  /**
   * Ends `link`: its window closed (removed unless the person closed it: `byPerson`), its site port
   * let go. A window that leaves requests unanswered holds the site's next one back in that tab.
   */
  function end(link: Link, byPerson = false) {
    links.delete(link);
    clearTimeout(link.timer);
    for (const port of link.windowPorts) port.disconnect();
    if (link.windowId !== undefined) {
      if (!byPerson) api.windows.remove(link.windowId).catch(() => {});
      // (Its page's port goes before the browser reports the window removed: `session`, not `window`.)
      rules.ended(link.key, { answered: link.session > 0 && link.unanswered.size === 0, byPerson });
    }
    if (link.queued) showTab(link.tab);
    link.site.disconnect();
  }

  /** Ends `link` unless its window says `ready` within WINDOW_READY_MS, telling the site `news`. */
  function awaitReady(link: Link, news: SiteNews) {
    clearTimeout(link.timer);
    link.timer = setTimeout(() => {
      if (link.window || !links.has(link)) return;
      tell(link, news);
      end(link);
    }, WINDOW_READY_MS);
  }

  /** Opens Cairn's window for `link`, telling the site why not when it cannot. */
  function open(link: Link) {
    const wasQueued = link.queued;
    link.queued = false;
    if (wasQueued) showTab(link.tab);
    openWindow(link).catch(() => {
      tell(link, { type: 'refused', reason: OPEN_FAILED_SENTENCE });
      end(link);
    });
  }

  async function openWindow(link: Link) {
    link.opening = true;
    const at = await wallet();
    // The site's page may have gone while the background waited: nothing to open for.
    if (!links.has(link)) return;
    const refused = !at ? NO_WALLET_SENTENCE : originOf(at) === link.origin ? OWN_PAGE_SENTENCE : undefined;
    if (refused) {
      tell(link, { type: 'refused', reason: refused });
      return end(link);
    }
    const reached = await reachable(at);
    if (!links.has(link)) return;
    if (!reached) {
      tell(link, { type: 'unreachable', wallet: at });
      return end(link);
    }
    const nonce = newNonce();
    const url = extensionWindowUrl(at, { origin: link.origin, nonce });
    const made = await api.windows.create({ url, type: 'popup', width: 420, height: 680, focused: true });
    if (!links.has(link)) return api.windows.remove(made.id ?? -1).catch(() => {});
    Object.assign(link, { windowId: made.id, windowTab: made.tabs?.[0]?.id, nonce, walletOrigin: originOf(at) });
    awaitReady(link, { type: 'unreachable', wallet: at });
  }

  function site(port: RuntimePort) {
    const refused = refusal(port.sender);
    if (refused) {
      port.postMessage({ type: 'refused', reason: refused } satisfies SiteNews);
      return port.disconnect();
    }
    const origin = port.sender?.origin as string;
    const tab = port.sender?.tab?.id;
    const link: Link = {
      site: port,
      origin,
      key: `${tab} ${origin}`,
      tab,
      dapp: { name: '' },
      opening: false,
      queued: false,
      focused: new Set(),
      session: 0,
      unanswered: new Set(),
      windowPorts: new Set(),
    };
    links.add(link);
    port.onMessage.addListener((message) => {
      if (!isRecord(message) || message.type !== 'request' || !Number.isSafeInteger(message.id)) return;
      const { dapp, id, method, params, chainId, session, activated } = message as SiteRequest;
      if (isRecord(dapp) && typeof dapp.name === 'string') link.dapp = dapp;
      if (link.window) {
        // Sent before the page heard of this session: it sends it again, of this one.
        if (session !== link.session) return;
        link.unanswered.add(id);
        toWindow(link, { type: 'request', request: { type: 'request', id, method: String(method), params, chainId } });
        // To the front for a request the person made with a click, once: a page cannot keep pulling it there.
        if (activated === true && !link.focused.has(id) && link.windowId !== undefined) {
          link.focused.add(id);
          api.windows.update(link.windowId, { focused: true }).catch(() => {});
        }
      } else if (!link.opening) {
        // One window per site in a tab: another frame of the same site asking meanwhile waits its turn.
        if ([...links].some((other) => other !== link && other.key === link.key && other.opening)) {
          tell(link, { type: 'refused', reason: BUSY_SENTENCE });
          return end(link);
        }
        const arrival = rules.arrival(link.key, activated === true);
        // Closed by the person a moment ago: a site that asks again at once gets no new window.
        if (arrival === 'closed') {
          tell(link, { type: 'closed' });
          return end(link);
        }
        if (arrival === 'open') return open(link);
        if (!link.queued) {
          link.queued = true;
          showTab(link.tab);
        }
      }
      // While the window opens, the site's connector keeps its requests and sends them once connected.
    });
    port.onDisconnect.addListener(() => end(link));
  }

  function cairnWindow(port: RuntimePort) {
    const sender = port.sender;
    const tabId = sender?.tab?.id;
    const link = [...links].find((l) => l.windowTab !== undefined && l.windowTab === tabId);
    if (!link || sender?.frameId !== 0 || sender.origin !== link.walletOrigin) return port.disconnect();
    link.windowPorts.add(port);
    port.onMessage.addListener((raw) => {
      if (!isRecord(raw) || !links.has(link)) return;
      const message = raw as FromWindow;
      if (
        message.type === 'ready' &&
        link.nonce !== undefined &&
        message.nonce === link.nonce &&
        link.window !== port
      ) {
        // A second `ready` from the same tab is the window reloaded: its new page takes over.
        link.window?.disconnect();
        link.window = port;
        clearTimeout(link.timer);
        link.session = ++sessions;
        toWindow(link, { type: 'accepted', origin: link.origin, dapp: link.dapp });
        tell(link, { type: 'connected', session: link.session });
      } else if (message.type === 'message' && link.window === port) {
        const answered = message.message;
        if (isRecord(answered) && answered.type === 'response') link.unanswered.delete(Number(answered.id));
        tell(link, { type: 'window', message: answered });
      }
    });
    port.onDisconnect.addListener(() => {
      link.windowPorts.delete(port);
      if (link.window !== port || !links.has(link)) return;
      // Reloaded, its new page says ready again soon; gone elsewhere, the window no longer serves.
      link.window = undefined;
      awaitReady(link, { type: 'closed' });
    });
  }

  function windowRemoved(windowId: number) {
    for (const link of links)
      if (link.windowId === windowId) {
        tell(link, { type: 'closed' });
        end(link, true);
      }
  }

  /**
   * The person clicked the toolbar button in `tab`: Cairn's window opens for the request waiting
   * there longest, whatever held it back (the click is theirs). False when none waits there.
   */
  function openWaiting(tab: number | undefined): boolean {
    const waiting = [...links].find((link) => link.queued && link.tab === tab && tab !== undefined);
    if (!waiting) return false;
    open(waiting);
    return true;
  }

  return { site, cairnWindow, windowRemoved, openWaiting };
}
