// The messages of Cairn's companion extension, between its three parts:
//   inpage (the page's main world: the connector's provider) ⇄ bridge (the extension's isolated
//   world in the same page) over a private MessageChannel; bridge ⇄ background (the service
//   worker) over a chrome.runtime port. The site's origin is never taken from a message: the
//   background reads it from the browser (port.sender.origin).
import type { DappMetadata, PortMessage, PortRequest } from '../core/dapp/protocol';

/** Marks the one window message that hands the inpage script its channel. */
export const EXTENSION_TAG = 'cairn-extension-v1';
/** The chrome.runtime port a site's page opens to the background. */
export const SITE_PORT = 'cairn-site';
/** The chrome.runtime port Cairn's window (opened by the background) opens to it. */
export const WINDOW_PORT = 'cairn-window';

/**
 * Inpage → bridge → background: a request for Cairn's window, with what the page says about itself,
 * and the window's `session` as the page last heard it (0 before any): the background forwards only
 * requests of the window's current session, for the page sends every request still waiting again
 * when it hears `connected`, and must not have one arrive twice. `activated` is the bridge's, in
 * place of anything the page wrote there: whether the page had the person's click
 * (navigator.userActivation.isActive) when the bridge relayed the request.
 */
export type SiteRequest = Omit<PortRequest, 'type'> & {
  type: 'request';
  dapp: DappMetadata;
  session: number;
  activated?: boolean;
};
export type FromInpage = SiteRequest;

/**
 * Background → bridge → inpage:
 * window: a message of Cairn's window (protocol.ts);
 * connected: the window finished its handshake (its `session` counts the handshakes: a reload makes another);
 * closed: the person closed the window;
 * unreachable: no Cairn answers at `wallet`;
 * refused: this page may not use Cairn (an opaque origin, or Cairn's own), with why;
 * gone: the background let the page go, or went away (the bridge says it).
 */
export type SiteNews =
  | { type: 'window'; message: PortMessage }
  | { type: 'connected'; session: number }
  | { type: 'closed' }
  | { type: 'unreachable'; wallet: string }
  | { type: 'refused'; reason: string }
  | { type: 'gone' };
export type ToInpage = SiteNews;

/**
 * Cairn's window's bridge → background: its `ready`, then the window's messages for the site.
 * Both bridges also send `alive` now and then (bridgeParts.ts), which the background ignores.
 */
export type FromWindow = { type: 'ready'; nonce: string } | { type: 'message'; message: PortMessage };
/** Background → Cairn's window's bridge: accepted (the site, from the browser), then the site's requests. */
export type ToWindow =
  | { type: 'accepted'; origin: string; dapp: DappMetadata }
  | { type: 'request'; request: PortRequest };
