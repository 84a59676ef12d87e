import { type Channel, CLOSED_SENTENCE, type WindowNews } from '../connector/channel';
import { fail, type ProviderRpcError, toRpcError } from '../connector/errors';
import type { ConnectorWindow } from '../connector/types';
import { isPortMessage, type PortRequest } from '../core/dapp/protocol';
import { DISCONNECTED, USER_REJECTED } from '../core/dapp/providerErrors';
import { type FromInpage, isRecord, type ToInpage } from './messages';

/** How long a request waits for the extension's bridge to hand over its channel before it fails. */
export const BRIDGE_WAIT_MS = 5_000;

export const unreachableSentence = (wallet: string): string =>
  `Cairn at ${wallet} cannot be reached: check the address in the Cairn extension’s options, or that Cairn is up.`;
export const NO_BRIDGE_SENTENCE = 'The Cairn extension’s relay did not start on this page: reload it.';
export const GONE_SENTENCE = 'The Cairn extension stopped: reload the page.';

type Pending = [resolve: (value: unknown) => void, reject: (error: ProviderRpcError) => void];

/** The page's end of the private channel to the extension's bridge (bridgePort.ts), once it came. */
export type BridgePort = Pick<MessagePort, 'postMessage'> & { onmessage: ((event: MessageEvent) => void) | null };

/**
 * The provider's channel when the companion extension carries it: requests go to the bridge, the
 * background opens Cairn's window (so the browser never blocks it, and the page's COOP does not
 * matter) and relays the window's messages back. Also the reads' way out (`read`), so that a
 * page's Content-Security-Policy does not cut them.
 */
export function createExtensionChannel(
  win: Pick<ConnectorWindow, 'document'> & Pick<Window, 'setTimeout'>,
  bridge: Promise<BridgePort>,
) {
  let onNews: (news: WindowNews) => void = () => {};
  const pending = new Map<number, Pending>();
  const reads = new Map<number, (text: string | undefined) => void>();
  let lastId = 0;
  let open = false;
  let port: BridgePort | undefined;
  const waiting: FromInpage[] = [];

  function endAll(error: ProviderRpcError) {
    open = false;
    for (const [, reject] of pending.values()) reject(error);
    pending.clear();
  }

  function receive(data: ToInpage) {
    switch (data.type) {
      case 'read':
        reads.get(data.id)?.(data.text);
        reads.delete(data.id);
        return;
      case 'window': {
        const message = data.message;
        if (!isPortMessage(message)) return;
        if (message.type !== 'response') return onNews(message);
        const request = pending.get(message.id);
        pending.delete(message.id);
        if ('error' in message) request?.[1](toRpcError(message.error));
        else request?.[0](message.result);
        return;
      }
      case 'connected':
        open = true;
        return;
      case 'closed':
        return endAll(fail(USER_REJECTED, CLOSED_SENTENCE));
      case 'unreachable':
        return endAll(fail(DISCONNECTED, unreachableSentence(String(data.wallet))));
      case 'refused':
        return endAll(fail(DISCONNECTED, String(data.reason)));
      case 'gone':
        return endAll(fail(DISCONNECTED, GONE_SENTENCE));
    }
  }

  bridge.then((given) => {
    port = given;
    given.onmessage = ({ data }) => {
      if (isRecord(data)) receive(data as ToInpage);
    };
    for (const message of waiting.splice(0)) given.postMessage(message);
  });

  function post(message: FromInpage) {
    if (port) port.postMessage(message);
    else waiting.push(message);
  }

  const channel: Channel = {
    send: (request: Omit<PortRequest, 'type' | 'id'>) =>
      new Promise((resolve, reject) => {
        const id = ++lastId;
        pending.set(id, [resolve, reject]);
        const { title } = win.document;
        const icon = win.document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href;
        const dapp = { name: title.trim().slice(0, 80), ...(icon ? { icon } : {}) };
        post({ type: 'request', id, ...request, dapp });
        if (!port)
          win.setTimeout(() => {
            if (!port && pending.delete(id)) reject(fail(DISCONNECTED, NO_BRIDGE_SENTENCE));
          }, BRIDGE_WAIT_MS);
      }),
    connected: () => open,
  };

  /** A fetch for the connector's reads (readRpc uses only POST bodies and `json()`), through the bridge. */
  const read: typeof fetch = async (input, init) => {
    const id = ++lastId;
    const text = await new Promise<string | undefined>((done) => {
      reads.set(id, done);
      post({ type: 'read', id, url: String(input), body: String(init?.body ?? '') });
      if (!port) win.setTimeout(() => !port && reads.delete(id) && done(undefined), BRIDGE_WAIT_MS);
    });
    if (text === undefined) throw new TypeError('The node could not be reached.');
    return new Response(text);
  };

  /** The provider's OpenChannel (it passes its news handler): there is one channel per page. */
  const openChannel = (_win: unknown, _walletUrl: string, _extras: unknown, handle: (news: WindowNews) => void) => {
    onNews = handle;
    return channel;
  };
  return { openChannel, read };
}
