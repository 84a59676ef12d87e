import { isReadyMessage, isRecord, MESSAGE_TAG } from '../core/dapp/protocol';
import type { Chrome, RuntimePort } from './chromeApi';
import { EXTENSION_TAG, type FromInpage, SITE_PORT, type ToWindow, WINDOW_PORT } from './messages';

/**
 * How often a linked port says it is alive: the browser stops an extension's service worker that
 * hears nothing for about 30 seconds, which would cut a review the person is still reading.
 */
export const HEARTBEAT_MS = 20_000;

/** The background's news after which it lets the site's port go. */
const ENDINGS = new Set(['closed', 'unreachable', 'refused']);

type BridgeWindow = Pick<Window, 'postMessage' | 'addEventListener' | 'top'> & {
  readonly origin: string;
  readonly navigator: { readonly userActivation?: { readonly isActive: boolean } };
};

/** Connects to the background as `name`, saying it is alive while the port is open. */
function keptAlive(chrome: Pick<Chrome, 'runtime'>, name: string, every: typeof setInterval): RuntimePort {
  const port = chrome.runtime.connect({ name });
  const beat = every(() => port.postMessage({ type: 'alive' }), HEARTBEAT_MS);
  port.onDisconnect.addListener(() => clearInterval(beat));
  return port;
}

/** The bridge of bridge.ts, given its page's window and the extension's API (tests pass fakes). */
export function startBridge(win: BridgeWindow, chrome: Pick<Chrome, 'runtime'>, every: typeof setInterval): void {
  // A frame with an opaque origin (sandboxed) gets no channel: nothing here is posted to '*'.
  if (win.origin !== 'null') {
    const { port1: page, port2 } = new MessageChannel();
    let background: RuntimePort | undefined;
    page.onmessage = ({ data }: MessageEvent) => {
      if (!isRecord(data) || (data as FromInpage).type !== 'request') return;
      if (!background) {
        const port = keptAlive(chrome, SITE_PORT, every);
        port.onMessage.addListener((news) => {
          // The link ends with this news (the background lets the port go next): a request made
          // on hearing it opens a new link, and the old port's end is no news to the page.
          if (isRecord(news) && ENDINGS.has(String(news.type)) && background === port) background = undefined;
          page.postMessage(news);
        });
        port.onDisconnect.addListener(() => {
          if (background !== port) return;
          background = undefined;
          page.postMessage({ type: 'gone' });
        });
        background = port;
      }
      // Whether the person just clicked on this page (or pressed a key): read here, in the isolated
      // world, when the request comes; whatever the page wrote in its place is dropped.
      const activated = win.navigator.userActivation?.isActive === true;
      background.postMessage({ ...data, activated });
    };
    win.postMessage({ tag: EXTENSION_TAG }, win.origin, [port2]);
  }

  // Cairn's window is a top-level page: there, once, Cairn announces itself to its own page
  // (windowHandshake.ts), and the background decides whether it is the window it opened.
  if (win.top !== win) return;
  let asked = false;
  win.addEventListener('message', (event) => {
    const { data } = event;
    if (asked || event.source !== win || event.origin !== win.origin || !isRecord(data)) return;
    const nonce = String(data.nonce);
    if (!isReadyMessage(data, nonce)) return;
    asked = true;
    const background = keptAlive(chrome, WINDOW_PORT, every);
    let toCairn: MessagePort | undefined;
    background.onMessage.addListener((raw) => {
      const message = raw as ToWindow;
      if (message.type === 'accepted' && !toCairn) {
        const { port1, port2 } = new MessageChannel();
        toCairn = port1;
        port1.onmessage = ({ data }: MessageEvent) => background.postMessage({ type: 'message', message: data });
        const connect = { tag: MESSAGE_TAG, type: 'connect', nonce, dapp: message.dapp, origin: message.origin };
        win.postMessage(connect, win.origin, [port2]);
      } else if (message.type === 'request') toCairn?.postMessage(message.request);
    });
    background.onDisconnect.addListener(() => toCairn?.close());
    background.postMessage({ type: 'ready', nonce });
  });
}
