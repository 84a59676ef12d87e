import {
  type DappMetadata,
  dappWindowUrl,
  isSerialisedOrigin,
  newNonce,
  type PortRequest,
} from '../core/dapp/protocol';
import type { Chrome, RuntimePort } from './chromeApi';
import { type FromWindow, isRecord, type SiteNews, type SiteRequest, type ToWindow } from './messages';

/** How long a new Cairn window has to say `ready` before the site hears that Cairn cannot be reached. */
export const WINDOW_READY_MS = 20_000;

export const OPAQUE_SENTENCE = 'Cairn serves pages with an http(s) origin of their own, not this frame.';
export const OWN_PAGE_SENTENCE = 'Cairn’s own pages do not connect to Cairn.';

/** One site page (a frame) and the Cairn window the background opened for it. */
type Link = {
  site: RuntimePort;
  origin: string;
  dapp: DappMetadata;
  /** Requests waiting for the window's handshake. */
  queue: PortRequest[];
  opening: boolean;
  windowId?: number;
  tabId?: number;
  /** The origin of the Cairn the window was opened at: its bridge must send from there. */
  walletOrigin?: string;
  nonce?: string;
  readyTimer?: ReturnType<typeof setTimeout>;
  /** The port of the window's bridge, once the window said `ready` with the nonce. */
  window?: RuntimePort;
};

export type LinkDeps = {
  api: Pick<Chrome, 'windows'>;
  /** The Cairn the person chose (settings.ts), read when a window is to be opened. */
  wallet(): Promise<string>;
  /** Whether Cairn answers at `wallet` (a HEAD of its dapp.html). */
  reachable(wallet: string): Promise<boolean>;
};

/**
 * The background's part of the extension: each site page that asks gets a Cairn window of its
 * own, opened here (so no popup blocker or COOP stands in the way), and the two are joined only
 * once the window's page, at Cairn's origin, in the tab this opened, says `ready` with the nonce
 * this wrote in its fragment. The site's origin is the browser's (port.sender.origin), never a
 * message's; a frame with an opaque origin, or Cairn's own page, is refused.
 */
export function createLinks({ api, wallet, reachable }: LinkDeps) {
  const links = new Set<Link>();
  const tell = (link: Link, news: SiteNews) => link.site.postMessage(news);
  const toWindow = (link: Link, message: ToWindow) => link.window?.postMessage(message);

  function resetWindow(link: Link) {
    clearTimeout(link.readyTimer);
    link.window?.disconnect();
    Object.assign(link, { window: undefined, windowId: undefined, tabId: undefined, walletOrigin: undefined });
    link.nonce = undefined;
    link.queue = [];
    link.opening = false;
  }

  async function openWindow(link: Link) {
    link.opening = true;
    const at = await wallet();
    if (new URL(at).origin === link.origin) {
      tell(link, { type: 'refused', reason: OWN_PAGE_SENTENCE });
      return resetWindow(link);
    }
    if (!(await reachable(at))) {
      tell(link, { type: 'unreachable', wallet: at });
      return resetWindow(link);
    }
    const nonce = newNonce();
    const url = `${dappWindowUrl(at, { origin: link.origin, nonce })}&via=extension`;
    const made = await api.windows.create({ url, type: 'popup', width: 420, height: 680, focused: true });
    if (!links.has(link)) return api.windows.remove(made.id ?? -1).catch(() => {});
    Object.assign(link, { windowId: made.id, tabId: made.tabs?.[0]?.id, nonce, walletOrigin: new URL(at).origin });
    link.readyTimer = setTimeout(() => {
      if (link.window) return;
      tell(link, { type: 'unreachable', wallet: at });
      const { windowId } = link;
      resetWindow(link);
      if (windowId !== undefined) api.windows.remove(windowId).catch(() => {});
    }, WINDOW_READY_MS);
  }

  function site(port: RuntimePort) {
    const origin = port.sender?.origin ?? 'null';
    if (!isSerialisedOrigin(origin)) {
      port.postMessage({ type: 'refused', reason: OPAQUE_SENTENCE } satisfies SiteNews);
      return port.disconnect();
    }
    const link: Link = { site: port, origin, dapp: { name: '' }, queue: [], opening: false };
    links.add(link);
    port.onMessage.addListener((message) => {
      if (!isRecord(message) || message.type !== 'request' || !Number.isSafeInteger(message.id)) return;
      const { dapp, id, method, params, chainId } = message as SiteRequest;
      if (isRecord(dapp) && typeof dapp.name === 'string') link.dapp = dapp;
      const request: PortRequest = { type: 'request', id, method: String(method), params, chainId };
      if (link.window) {
        toWindow(link, { type: 'request', request });
        if (link.windowId !== undefined) api.windows.update(link.windowId, { focused: true }).catch(() => {});
        return;
      }
      link.queue.push(request);
      if (!link.opening) openWindow(link).catch(() => resetWindow(link));
    });
    port.onDisconnect.addListener(() => {
      links.delete(link);
      const { windowId } = link;
      resetWindow(link);
      if (windowId !== undefined) api.windows.remove(windowId).catch(() => {});
    });
  }

  function cairnWindow(port: RuntimePort) {
    const sender = port.sender;
    const tabId = sender?.tab?.id;
    const link = [...links].find((l) => l.tabId !== undefined && l.tabId === tabId);
    if (!link || sender?.frameId !== 0 || sender.origin !== link.walletOrigin) return port.disconnect();
    port.onMessage.addListener((raw) => {
      if (!isRecord(raw)) return;
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
        clearTimeout(link.readyTimer);
        toWindow(link, { type: 'accepted', origin: link.origin, dapp: link.dapp });
        for (const request of link.queue.splice(0)) toWindow(link, { type: 'request', request });
        tell(link, { type: 'connected' });
      } else if (message.type === 'message' && link.window === port) {
        tell(link, { type: 'window', message: message.message });
      }
    });
    port.onDisconnect.addListener(() => {
      if (link.window !== port) return;
      // Reloaded, its new page says ready again soon; gone elsewhere, the window no longer serves.
      link.window = undefined;
      link.readyTimer = setTimeout(() => {
        if (link.window || link.windowId === undefined) return;
        const { windowId } = link;
        resetWindow(link);
        tell(link, { type: 'closed' });
        api.windows.remove(windowId).catch(() => {});
      }, WINDOW_READY_MS);
    });
  }

  function windowRemoved(windowId: number) {
    for (const link of links)
      if (link.windowId === windowId) {
        resetWindow(link);
        tell(link, { type: 'closed' });
      }
  }

  return { site, cairnWindow, windowRemoved };
}
