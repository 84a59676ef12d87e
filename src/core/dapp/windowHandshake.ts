import {
  type DappMetadata,
  isConnectMessage,
  MESSAGE_TAG,
  parseWindowFragment,
  type ReadyMessage,
  VIA_EXTENSION,
  type WindowFragment,
} from './protocol';

/** The parts of Cairn's dApp window the handshake uses (a fake in tests). */
export type HandshakeWindow = {
  readonly opener: { postMessage(message: unknown, targetOrigin: string): void } | null;
  readonly location: { readonly hash: string; readonly origin: string };
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

export type Handshake =
  | { ok: true; origin: string; dapp: DappMetadata; port: MessagePort }
  /**
   * not-opened: the page was not opened by a site's connector (no fragment, or no opener: opened
   *   by hand, or the site's Cross-Origin-Opener-Policy cut the link);
   * no-answer: the site never handed over its channel (it lied about its origin, or went away).
   */
  | { ok: false; reason: 'not-opened' | 'no-answer' };

/** How long Cairn's window waits for the site's answer to `ready`. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

/**
 * Cairn's side of the handshake (see protocol.ts): announces the window to its opener, addressed
 * only to the origin the fragment names, and takes the site's port only from the opener, from that
 * origin, with the fragment's nonce. A site that lied about its origin never hears `ready`.
 */
export function awaitSite(win: HandshakeWindow, timeoutMs = HANDSHAKE_TIMEOUT_MS): Promise<Handshake> {
  const fragment: WindowFragment | undefined = parseWindowFragment(win.location.hash);
  // Opened by the companion extension (src/extension): no opener; `ready` goes to this page
  // itself, where only the extension's script hears it (the site's page is another process),
  // and `connect` must come from this page's own origin, with the nonce the extension wrote.
  const viaExtension = fragment?.via === VIA_EXTENSION && !win.opener;
  const opener = viaExtension ? win : win.opener;
  if (!fragment || !opener) return Promise.resolve({ ok: false, reason: 'not-opened' });
  const from = viaExtension ? win.location.origin : fragment.origin;
  return new Promise((resolve) => {
    const finish = (outcome: Handshake) => {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== opener || event.origin !== from) return;
      if (!isConnectMessage(event.data, fragment.nonce)) return;
      // The extension names the site it read from the browser: it must be the one in the fragment.
      if (viaExtension && event.data.origin !== fragment.origin) return;
      const port = event.ports[0];
      if (!port) return;
      finish({ ok: true, origin: fragment.origin, dapp: cleanMetadata(event.data.dapp), port });
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'no-answer' }), timeoutMs);
    win.addEventListener('message', onMessage);
    const ready: ReadyMessage = { tag: MESSAGE_TAG, type: 'ready', nonce: fragment.nonce };
    opener.postMessage(ready, from);
  });
}

const MAX_NAME = 80;
const MAX_ICON = 8_192;

/**
 * What the site says about itself, cut to sizes Cairn shows. The icon only as a data: raster
 * image: a remote URL would be a request to a host the person never chose.
 */
function cleanMetadata(dapp: DappMetadata): DappMetadata {
  const name = dapp.name.trim().slice(0, MAX_NAME);
  const icon = typeof dapp.icon === 'string' && dapp.icon.length <= MAX_ICON ? dapp.icon : undefined;
  const safeIcon = icon && /^data:image\/(png|jpeg|gif|webp);base64,/.test(icon) ? icon : undefined;
  return safeIcon ? { name, icon: safeIcon } : { name };
}
