// bridge.js: the companion extension's script in its isolated world, at document_start in every
// http(s) page and frame, before inpage.js. It cannot be reached by the page except through:
// - the private channel it hands inpage.js (a MessagePort posted to this window only, which
//   inpage.js takes before any listener of the page sees it): requests go on to the background,
//   reads are posted here, outside the page's Content-Security-Policy;
// - in Cairn's window opened by the background: Cairn's own `ready`, posted to itself.
import { isReadyMessage, MESSAGE_TAG } from '../core/dapp/protocol';
import { extensionApi, type RuntimePort } from './chromeApi';
import { EXTENSION_TAG, type FromInpage, isRecord, SITE_PORT, type ToWindow, WINDOW_PORT } from './messages';
import { postRead } from './postRead';

const chrome = extensionApi();

// A frame with an opaque origin (sandboxed) gets no channel: nothing here is posted to '*'.
if (self.origin !== 'null') {
  const { port1: page, port2 } = new MessageChannel();
  let background: RuntimePort | undefined;
  page.onmessage = ({ data }: MessageEvent) => {
    if (!isRecord(data)) return;
    const message = data as FromInpage;
    if (message.type === 'read') {
      postRead(fetch, message.url, message.body).then((text) =>
        page.postMessage({ type: 'read', id: message.id, text }),
      );
    } else if (message.type === 'request') {
      if (!background) {
        const port = chrome.runtime.connect({ name: SITE_PORT });
        port.onMessage.addListener((news) => page.postMessage(news));
        port.onDisconnect.addListener(() => {
          background = undefined;
          page.postMessage({ type: 'gone' });
        });
        background = port;
      }
      background.postMessage(message);
    }
  };
  window.postMessage({ tag: EXTENSION_TAG }, self.origin, [port2]);
}

// Cairn's window, opened by the background, announces itself to its own page (windowHandshake.ts).
window.addEventListener('message', (event) => {
  const { data } = event;
  if (event.source !== window || event.origin !== self.origin || !isRecord(data)) return;
  const nonce = String(data.nonce);
  if (!isReadyMessage(data, nonce)) return;
  const background = chrome.runtime.connect({ name: WINDOW_PORT });
  let toCairn: MessagePort | undefined;
  background.onMessage.addListener((raw) => {
    const message = raw as ToWindow;
    if (message.type === 'accepted' && !toCairn) {
      const { port1, port2 } = new MessageChannel();
      toCairn = port1;
      port1.onmessage = ({ data }: MessageEvent) => background.postMessage({ type: 'message', message: data });
      const connect = { tag: MESSAGE_TAG, type: 'connect', nonce, dapp: message.dapp, origin: message.origin };
      window.postMessage(connect, self.origin, [port2]);
    } else if (message.type === 'request') toCairn?.postMessage(message.request);
  });
  background.onDisconnect.addListener(() => toCairn?.close());
  background.postMessage({ type: 'ready', nonce });
});
