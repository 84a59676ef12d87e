// Where a browser has no SharedWorker: every window joins a BroadcastChannel, and the one that
// holds the Web Lock VAULT_HOST_LOCK runs the vault host; the others talk to it over the channel.
// Each window and the host agree on a key when the window says hello (channelCipher), so what
// one window sends or receives (a password, a phrase) is ciphertext to every other window. When
// the host's window closes, the browser releases the lock, the next window in line becomes the
// host (locked: the keys went with the old one) and tells every window to start again.
import type { LockProvider } from '../../tx/locks';
import { newKeyPair, publicKeyBytes, type Sealed, seal, sharedKey, unseal, wipeBuffers } from './channelCipher';
import type { Connection } from './connection';
import type { VaultHost } from './vaultHost';

export const VAULT_HOST_LOCK = 'cairn-vault-host';

/** The part of BroadcastChannel used here (the browser's, or Node's in tests). */
export type Channel = {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};

type Envelope =
  | { to: typeof HOST; from: string; handshake: Uint8Array }
  | { to: typeof HOST; from: string; sealed: Sealed }
  | { to: string; handshake: Uint8Array }
  | { to: string; sealed: Sealed }
  | { to: typeof EVERYONE; restarted: true };
const HOST = 'host';
const EVERYONE = '*';

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

/** A window's connection to whichever window hosts the session now. */
export function channelClient(channel: Channel, clientId: string): Connection {
  let handler: (message: unknown) => void = () => undefined;
  let pair: Promise<CryptoKeyPair>;
  let key: Promise<CryptoKey>;
  let keyArrived: (key: CryptoKey) => void = () => undefined;
  let sending: Promise<void> = Promise.resolve();
  let receiving: Promise<void> = Promise.resolve();
  // A new key with each host; what was waiting for the old one is dropped (its calls are lost).
  const handshake = () => {
    key = new Promise((resolve) => {
      keyArrived = resolve;
    });
    sending = Promise.resolve();
    pair = newKeyPair();
    void pair.then(publicKeyBytes).then((bytes) => post(channel, { to: HOST, from: clientId, handshake: bytes }));
  };
  handshake();
  channel.onmessage = (event) => {
    const envelope = event.data as Record<string, unknown> | undefined;
    if (envelope?.to === EVERYONE && envelope.restarted === true) {
      handshake();
      handler({ kind: 'restarted' });
      return;
    }
    if (envelope?.to !== clientId) return;
    if (envelope.handshake instanceof Uint8Array) {
      const arrived = keyArrived;
      const peer = envelope.handshake;
      void pair.then((own) => sharedKey(own, peer)).then(arrived);
    } else if (isSealed(envelope.sealed)) {
      const sealed = envelope.sealed;
      const current = key;
      receiving = receiving.then(async () => handler(await unseal(await current, sealed))).catch(() => undefined);
    }
  };
  return {
    send(message, transfer = []) {
      const current = key;
      sending = sending
        .then(async () => {
          try {
            post(channel, { to: HOST, from: clientId, sealed: await seal(await current, message) });
          } finally {
            wipeBuffers(transfer);
          }
        })
        .catch(() => undefined);
    },
    listen(next) {
      handler = next;
    },
    close: () => channel.close(),
  };
}

type ServedWindow = {
  key: Promise<CryptoKey>;
  deliver(message: unknown): void;
  receiving: Promise<void>;
  leave(): void;
};

/** Serves every window on the channel from `host`, each as its own connection with its own key. */
export function serveOnChannel(host: VaultHost, channel: Channel): void {
  const windows = new Map<string, ServedWindow>();
  const welcome = (from: string, peer: Uint8Array) => {
    windows.get(from)?.leave();
    const pair = newKeyPair();
    const key = pair.then((own) => sharedKey(own, peer));
    void pair.then(publicKeyBytes).then((bytes) => post(channel, { to: from, handshake: bytes }));
    let handler: (message: unknown) => void = () => undefined;
    let sending: Promise<void> = Promise.resolve();
    const served: ServedWindow = {
      key,
      deliver: (message) => handler(message),
      receiving: Promise.resolve(),
      leave: () => undefined,
    };
    windows.set(from, served);
    served.leave = host.connect({
      send(message, transfer = []) {
        sending = sending
          .then(async () => {
            try {
              post(channel, { to: from, sealed: await seal(await key, message) });
            } finally {
              wipeBuffers(transfer);
            }
          })
          .catch(() => undefined);
      },
      listen(next) {
        handler = next;
      },
      close: () => windows.delete(from),
    });
  };
  channel.onmessage = (event) => {
    const envelope = event.data as Record<string, unknown> | undefined;
    const from = envelope?.from;
    if (envelope?.to !== HOST || typeof from !== 'string') return;
    if (envelope.handshake instanceof Uint8Array) {
      welcome(from, envelope.handshake);
      return;
    }
    const served = windows.get(from);
    if (!served || !isSealed(envelope.sealed)) return;
    const sealed = envelope.sealed;
    served.receiving = served.receiving
      .then(async () => {
        const message = await unseal(await served.key, sealed);
        served.deliver(message);
        if ((message as { kind?: unknown } | undefined)?.kind === 'bye') {
          served.leave();
          windows.delete(from);
        }
      })
      .catch(() => undefined);
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
