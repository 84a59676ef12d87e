import {
  type DappMetadata,
  dappWindowUrl,
  isPortMessage,
  isReadyMessage,
  MESSAGE_TAG,
  newNonce,
  type PortMessage,
  type PortRequest,
} from '../core/dapp/protocol';
import { DISCONNECTED, USER_REJECTED } from '../core/dapp/providerErrors';
import { fail, type ProviderRpcError, toRpcError } from './errors';
import type { LoadExtras } from './extras';
import type { ConnectorWindow } from './types';

/** How often the connector looks whether the Cairn window was closed. */
export const POLL_MS = 250;
/** Looks (two seconds) within which a window closed before its handshake was cut off by the page's COOP. */
export const COOP_LOOKS = 8;

export const CLOSED_SENTENCE = 'Cairn’s window was closed before it answered.';
export const COOP_SENTENCE =
  'This page’s Cross-Origin-Opener-Policy: same-origin cut the link to Cairn’s window (same-origin-allow-popups keeps it).';

/** A message from the Cairn window that is not the answer to one request. */
export type WindowNews = Exclude<PortMessage, { type: 'response' }>;

export type Channel = {
  /** Sends a request to the Cairn window, opening one first (synchronously) when none is open. */
  send(request: Omit<PortRequest, 'type' | 'id'>): Promise<unknown>;
  /** Whether a Cairn window is open and past the handshake. */
  connected(): boolean;
};

type Pending = [
  request: Omit<PortRequest, 'type' | 'id'>,
  resolve: (value: unknown) => void,
  reject: (error: ProviderRpcError) => void,
];

/** What the page says about itself, for Cairn's window (which shows it as unverified). */
export function pageMetadata(doc: Document): DappMetadata {
  return {
    name: doc.title.trim().slice(0, 80),
    // A link's href property is absolute, resolved against the page.
    icon: doc.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href,
  };
}

/** Makes the channel a provider sends through: createChannel, or the companion extension's. */
export type OpenChannel = (
  win: ConnectorWindow,
  walletUrl: string,
  extras: LoadExtras,
  onNews: (news: WindowNews) => void,
) => Channel;

/** The channel to Cairn's dApp window: the handshake of protocol.ts, then one MessagePort. */
export function createChannel(
  win: ConnectorWindow,
  walletUrl: string,
  extras: LoadExtras,
  onNews: (news: WindowNews) => void,
): Channel {
  const walletOrigin = new URL(walletUrl).origin;
  const pending = new Map<number, Pending>();
  let lastId = 0;
  let nonce = '';
  let popup: Window | null = null;
  let port: MessagePort | undefined;
  let timer: number | undefined;
  let asking = false;

  const post = ([request]: Pending, id: number) => port?.postMessage({ type: 'request', id, ...request });

  /** The window is gone, or never came: every request still waiting fails with `error`. */
  function end(error: ProviderRpcError) {
    win.clearInterval(timer);
    port?.close();
    port = undefined;
    popup = null;
    for (const [, , reject] of pending.values()) reject(error);
    pending.clear();
  }

  function open(clicked?: boolean) {
    nonce = newNonce();
    popup = win.open(
      dappWindowUrl(walletUrl, { origin: win.location.origin, nonce }),
      'cairn-dapp',
      'popup,width=420,height=680',
    );
    if (popup) {
      let looks = 0;
      timer = win.setInterval(() => {
        // Closed within its first seconds without a word: the page's COOP cut the window off (the
        // browser then soon reports it closed; on a busy machine after a look or two). Otherwise
        // the person closed it.
        if (popup?.closed)
          end(looks < COOP_LOOKS && !port ? fail(DISCONNECTED, COOP_SENTENCE) : fail(USER_REJECTED, CLOSED_SENTENCE));
        looks++;
      }, POLL_MS);
    } else if (clicked) end(fail(DISCONNECTED));
    else {
      // Blocked: a real click on the page's prompt may open it.
      asking = true;
      extras().then(
        ({ showPrompt }) => {
          const answered = (proceed: boolean) => {
            remove();
            asking = false;
            if (proceed) open(true);
            else end(fail(USER_REJECTED));
          };
          const remove = showPrompt(
            win.document,
            () => answered(true),
            () => answered(false),
          );
        },
        () => {
          asking = false;
          end(fail(DISCONNECTED));
        },
      );
    }
  }

  win.addEventListener('message', ({ source, origin, data }) => {
    // Only the window this connector opened, at the wallet's origin, with this exchange's nonce.
    if (!popup || source !== popup || origin !== walletOrigin || !isReadyMessage(data, nonce)) return;
    // A second ready from the same window is the window reloaded: its old port is gone.
    port?.close();
    const { port1, port2 } = new win.MessageChannel();
    port = port1;
    port1.onmessage = ({ data }: MessageEvent) => {
      if (!isPortMessage(data)) return;
      if (data.type !== 'response') return onNews(data);
      const request = pending.get(data.id);
      pending.delete(data.id);
      if ('error' in data) request?.[2](toRpcError(data.error));
      else request?.[1](data.result);
    };
    popup.postMessage({ tag: MESSAGE_TAG, type: 'connect', nonce, dapp: pageMetadata(win.document) }, walletOrigin, [
      port2,
    ]);
    pending.forEach(post);
  });

  return {
    send: (request) =>
      new Promise((resolve, reject) => {
        // A window closed since the last look: settle what it left, and open a new one now.
        if (popup?.closed) end(fail(USER_REJECTED, CLOSED_SENTENCE));
        const waiting: Pending = [request, resolve, reject];
        pending.set(++lastId, waiting);
        if (port) {
          post(waiting, lastId);
          popup?.focus();
        } else if (!popup && !asking) open();
      }),
    // A window closed since the last look is not open, though its port is not yet let go.
    connected: () => !!port && !popup?.closed,
  };
}
