// Where a browser has no SharedWorker: every window joins a BroadcastChannel, and the one that
// holds the Web Lock VAULT_HOST_LOCK runs the vault host; the others talk to it over the channel.
// Each window and the host agree on a key when the window says hello, and seal every message
// with it (channelCipher, which also says what this protects from and what it does not). When the
// host's window closes, the browser releases the lock, the next window in line becomes the host
// (locked: the keys went with the old one) and tells every window to start again.
import { equalBytes } from '../../bytes';
import type { LockProvider } from '../../tx/locks';
import {
  agreeKeys,
  type LinkKeys,
  newKeyPair,
  newNonce,
  publicKeyBytes,
  type Sealed,
  SealedLink,
} from './channelCipher';
import type { Connection } from './hostConnection';
import type { VaultHost } from './vaultHost';

export const VAULT_HOST_LOCK = 'cairn-vault-host';

/** The part of BroadcastChannel used here (the browser's, or Node's in tests). */
export type Channel = {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};

const HOST = 'host';
const EVERYONE = '*';

/**
 * What travels on the channel. Only `sealed` carries a message; the rest is key agreement (public
 * keys and a nonce), a window's goodbye (a token derived with its key, so no one else can say it
 * for the window) and the new host's call to start again.
 */
type Envelope =
  | { to: typeof HOST; from: string; hello: Uint8Array; nonce: Uint8Array }
  | { to: string; welcome: Uint8Array; nonce: Uint8Array; peer: Uint8Array }
  | { to: typeof HOST; from: string; sealed: Sealed }
  | { to: string; sealed: Sealed }
  | { to: typeof HOST; from: string; farewell: Uint8Array }
  | { to: typeof EVERYONE; restarted: true };

/** Posts unless the channel has closed (its window is going away: nobody is left to tell). */
function post(channel: Channel, envelope: Envelope): void {
  try {
    channel.postMessage(envelope);
  } catch {
    // InvalidStateError: closed.
  }
}

function isSealed(value: unknown): value is Sealed {
  const sealed = value as Partial<Sealed> | undefined;
  return sealed?.iv instanceof Uint8Array && sealed.data instanceof Uint8Array;
}

const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array;

/** A window's side of one hello: the link its messages use until the next host asks for another. */
type Agreement = {
  nonce: Uint8Array;
  pair: Promise<CryptoKeyPair>;
  own: Uint8Array | undefined;
  agreed: boolean;
  link: SealedLink;
  farewell: Uint8Array | undefined;
  arrived(keys: LinkKeys): void;
};

/** A window's connection to whichever window hosts the session now. */
export function channelClient(channel: Channel, clientId: string): Connection {
  let handler: (message: unknown) => void = () => undefined;
  const sayHello = (): Agreement => {
    let arrived: (keys: LinkKeys) => void = () => undefined;
    const keys = new Promise<LinkKeys>((resolve) => {
      arrived = resolve;
    });
    const agreement: Agreement = {
      nonce: newNonce(),
      pair: newKeyPair(),
      own: undefined,
      agreed: false,
      link: new SealedLink(keys, 'to-host', (sealed) => post(channel, { to: HOST, from: clientId, sealed })),
      farewell: undefined,
      arrived,
    };
    void agreement.pair.then(publicKeyBytes).then((own) => {
      agreement.own = own;
      post(channel, { to: HOST, from: clientId, hello: own, nonce: agreement.nonce });
    });
    return agreement;
  };
  // A new agreement with each host; what was waiting for the old one is dropped (its calls are lost).
  let current = sayHello();
  channel.onmessage = (event) => {
    const envelope = event.data as Record<string, unknown> | undefined;
    if (envelope?.to === EVERYONE && envelope.restarted === true) {
      current = sayHello();
      handler({ kind: 'restarted' });
      return;
    }
    if (envelope?.to !== clientId) return;
    const agreement = current;
    const { welcome, nonce, peer, sealed } = envelope;
    if (isBytes(welcome) && isBytes(nonce) && isBytes(peer)) {
      // Only the first answer to this very hello: an answer to an older one, or to another
      // window's, would give a key the host does not have.
      const own = agreement.own;
      if (agreement.agreed || !own || !equalBytes(nonce, agreement.nonce) || !equalBytes(peer, own)) return;
      agreement.agreed = true;
      void agreement.pair
        .then((pair) => agreeKeys(pair, welcome, { nonce, windowKey: own, hostKey: welcome }))
        .then((keys) => {
          agreement.farewell = keys.farewell;
          agreement.arrived(keys);
        });
    } else if (isSealed(sealed)) {
      agreement.link.receive(sealed, (message) => handler(message));
    }
  };
  return {
    send: (message, transfer = []) => current.link.send(message, transfer),
    listen(next) {
      handler = next;
    },
    close() {
      // Said in the clear and at once: a sealed goodbye would still be encrypting when the channel closes.
      const farewell = current.farewell;
      if (farewell) post(channel, { to: HOST, from: clientId, farewell });
      channel.close();
    },
  };
}

type ServedWindow = { nonce: Uint8Array; link: SealedLink; deliver(message: unknown): void; leave(): void };

/** Serves every window on the channel from `host`, each as its own connection with its own key. */
export function serveOnChannel(host: VaultHost, channel: Channel): void {
  const windows = new Map<string, ServedWindow>();
  const drop = (from: string, served: ServedWindow) => {
    if (windows.get(from) !== served) return;
    served.leave();
    windows.delete(from);
  };
  const welcome = (from: string, peer: Uint8Array, nonce: Uint8Array) => {
    const previous = windows.get(from);
    // The same hello again (a copy) changes nothing.
    if (previous && equalBytes(previous.nonce, nonce)) return;
    if (previous) drop(from, previous);
    const pair = newKeyPair();
    const own = pair.then(publicKeyBytes);
    const keys = Promise.all([pair, own]).then(([p, o]) => agreeKeys(p, peer, { nonce, windowKey: peer, hostKey: o }));
    void own.then((o) => post(channel, { to: from, welcome: o, nonce, peer }));
    let handler: (message: unknown) => void = () => undefined;
    const link = new SealedLink(keys, 'to-window', (sealed) => post(channel, { to: from, sealed }));
    const served: ServedWindow = {
      nonce,
      link,
      deliver: (message) => {
        handler(message);
        if ((message as { kind?: unknown } | undefined)?.kind === 'bye') drop(from, served);
      },
      leave: () => undefined,
    };
    windows.set(from, served);
    served.leave = host.connect({
      send: (message, transfer = []) => link.send(message, transfer),
      listen(next) {
        handler = next;
      },
      close: () => drop(from, served),
    });
  };
  channel.onmessage = (event) => {
    const envelope = event.data as Record<string, unknown> | undefined;
    const from = envelope?.from;
    if (envelope?.to !== HOST || typeof from !== 'string') return;
    const { hello, nonce, farewell, sealed } = envelope;
    if (isBytes(hello) && isBytes(nonce)) {
      welcome(from, hello, nonce);
      return;
    }
    const served = windows.get(from);
    if (!served) return;
    if (isBytes(farewell)) {
      void served.link.keys.then((keys) => {
        if (equalBytes(keys.farewell, farewell)) drop(from, served);
      });
    } else if (isSealed(sealed)) {
      served.link.receive(sealed, served.deliver);
    }
  };
  post(channel, { to: EVERYONE, restarted: true });
}

/**
 * Waits in line for the host lock and, once this window holds it, starts a host and serves the
 * channel until the window goes away (the lock is never released by hand).
 */
export function hostWhenElected(
  locks: LockProvider,
  openChannel: () => Channel,
  startHost: () => Promise<VaultHost>,
): void {
  void locks
    .withLock(VAULT_HOST_LOCK, async () => {
      serveOnChannel(await startHost(), openChannel());
      await new Promise<never>(() => undefined);
    })
    .catch(() => undefined);
}
