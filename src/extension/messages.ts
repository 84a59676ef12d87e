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

/** Inpage → bridge → background: a request for Cairn's window, with what the page says about itself. */
export type SiteRequest = Omit<PortRequest, 'type'> & { type: 'request'; dapp: DappMetadata };
/** Inpage → bridge: one JSON-RPC read, posted by the bridge (outside the page's CSP). */
export type ReadRequest = { type: 'read'; id: number; url: string; body: string };
export type FromInpage = SiteRequest | ReadRequest;

/** Bridge → inpage: the answer to a read (the node's text, or nothing when it could not be reached). */
export type ReadAnswer = { type: 'read'; id: number; text?: string };
/**
 * Background → bridge → inpage:
 * window: a message of Cairn's window (protocol.ts);
 * connected: the window finished its handshake;
 * closed: the person closed the window;
 * unreachable: no Cairn answers at `wallet`;
 * refused: this page may not use Cairn (an opaque origin, or Cairn's own), with why;
 * gone: the background went away (the bridge says it).
 */
export type SiteNews =
  | { type: 'window'; message: PortMessage }
  | { type: 'connected' }
  | { type: 'closed' }
  | { type: 'unreachable'; wallet: string }
  | { type: 'refused'; reason: string }
  | { type: 'gone' };
export type ToInpage = SiteNews | ReadAnswer;

/** Cairn's window's bridge → background: its `ready`, then the window's messages for the site. */
export type FromWindow = { type: 'ready'; nonce: string } | { type: 'message'; message: PortMessage };
/** Background → Cairn's window's bridge: accepted (the site, from the browser), then the site's requests. */
export type ToWindow =
  | { type: 'accepted'; origin: string; dapp: DappMetadata }
  | { type: 'request'; request: PortRequest };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
