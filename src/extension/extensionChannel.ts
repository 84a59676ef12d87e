import { type Channel, CLOSED_SENTENCE, pageMetadata, type WindowNews } from '../connector/channel';
import { fail, type ProviderRpcError, toRpcError } from '../connector/errors';
import type { ConnectorWindow } from '../connector/types';
import { isPortMessage, isRecord, type PortRequest } from '../core/dapp/protocol';
import { DISCONNECTED, USER_REJECTED } from '../core/dapp/providerErrors';
import type { FromInpage, ToInpage } from './messages';

/** How long a request waits for the extension's bridge to hand over its channel before it fails. */
export const BRIDGE_WAIT_MS = 5_000;

export const unreachableSentence = (wallet: string): string =>
  `Cairn at ${wallet} cannot be reached: check the address in the Cairn extension’s options, or that Cairn is up.`;
export const NO_BRIDGE_SENTENCE = 'The Cairn extension’s relay did not start on this page: reload it.';
export const GONE_SENTENCE = 'The Cairn extension stopped: reload the page.';

type Pending = [
  request: Omit<PortRequest, 'type' | 'id'>,
  resolve: (value: unknown) => void,
  reject: (error: ProviderRpcError) => void,
];

/** The page's end of the private channel to the extension's bridge (bridgeParts.ts), once it came. */
export type BridgePort = Pick<MessagePort, 'postMessage'> & { onmessage: ((event: MessageEvent) => void) | null };

/**
 * The provider's channel when the companion extension carries it: requests go to the bridge, the
 * background opens Cairn's window (so the browser never blocks it, and the page's COOP does not
 * matter), and once the window is connected every request still waiting is sent to it, as
 * connect.js sends them on the window's `ready` (again after the window reloaded).
 */
export function createExtensionChannel(
  win: Pick<ConnectorWindow, 'document'> & Pick<Window, 'setTimeout'>,
  bridge: Promise<BridgePort>,
) {
  let onNews: (news: WindowNews) => void = () => {};
  const pending = new Map<number, Pending>();
  let lastId = 0;
  let open = false;
  let session = 0;
  let port: BridgePort | undefined;

  const post = ([request]: Pending, id: number) => {
    const message: FromInpage = { type: 'request', id, ...request, dapp: pageMetadata(win.document), session };
    port?.postMessage(message);
  };

  function endAll(error: ProviderRpcError) {
    open = false;
    session = 0;
    for (const [, , reject] of pending.values()) reject(error);
    pending.clear();
  }

  function receive(data: ToInpage) {
    switch (data.type) {
      case 'window': {
        const message = data.message;
        if (!isPortMessage(message)) return;
        if (message.type !== 'response') return onNews(message);
        const request = pending.get(message.id);
        pending.delete(message.id);
        if ('error' in message) request?.[2](toRpcError(message.error));
        else request?.[1](message.result);
        return;
      }
      case 'connected':
        open = true;
        session = Number(data.session);
        return pending.forEach(post);
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
    pending.forEach(post);
  });

  const channel: Channel = {
    send: (request) =>
      new Promise((resolve, reject) => {
        const id = ++lastId;
        const waiting: Pending = [request, resolve, reject];
        pending.set(id, waiting);
        if (port) post(waiting, id);
        else
          win.setTimeout(() => {
            if (!port && pending.delete(id)) reject(fail(DISCONNECTED, NO_BRIDGE_SENTENCE));
          }, BRIDGE_WAIT_MS);
      }),
    connected: () => open,
  };

  /** The provider's OpenChannel (it passes its news handler): there is one channel per page. */
  const openChannel = (_win: unknown, _walletUrl: string, _extras: unknown, handle: (news: WindowNews) => void) => {
    onNews = handle;
    return channel;
  };
  return { openChannel };
}
