import { concatBytes, randomBytes, utf8 } from '../../bytes';
import { decodeMessage, encodeMessage } from './messageCodec';

/**
 * Encryption between one window and the vault host over the BroadcastChannel fallback, which
 * every Cairn window receives, and so does any script running on Cairn's origin.
 *
 * What it does: a window and the host agree on a key by ECDH (P-256), bound by HKDF to the
 * window's hello (its nonce and both public keys), so a reply to another hello is no use; each
 * message is AES-256-GCM with its direction and its number in that direction as additional
 * data, so a copied (replayed), reordered or reflected message is refused. Passive listeners,
 * such as the other windows, see only ciphertext.
 *
 * What it does not do: nothing proves who is at either end (an origin has no secret of its own to
 * prove it with), so a script running on Cairn's origin could answer a window's hello before the
 * host does, or simply call the session as a window would. The shared session trusts every script
 * of its origin (in SharedWorker mode too: any page of the origin can connect to the worker), and
 * that is why Cairn must be served from an origin of its own.
 */
export type Sealed = { iv: Uint8Array; data: Uint8Array };
export type Direction = 'to-host' | 'to-window';
/** The message key of one link, and the token that lets its window say goodbye in the clear. */
export type LinkKeys = { key: CryptoKey; farewell: Uint8Array };
/** What a link's keys are bound to: the window's hello and both public keys. */
export type Handshake = { nonce: Uint8Array; windowKey: Uint8Array; hostKey: Uint8Array };

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;

export function newKeyPair(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(ECDH, false, ['deriveBits']) as Promise<CryptoKeyPair>;
}

export async function publicKeyBytes(pair: CryptoKeyPair): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
}

export function newNonce(): Uint8Array {
  return randomBytes(16);
}

/** The keys both ends derive from their own pair, the other's public key and the hello they belong to. */
export async function agreeKeys(own: CryptoKeyPair, peerPublic: Uint8Array, handshake: Handshake): Promise<LinkKeys> {
  const peer = await crypto.subtle.importKey('raw', peerPublic as BufferSource, ECDH, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: peer }, own.privateKey, 256));
  const material = await crypto.subtle.importKey('raw', shared as BufferSource, 'HKDF', false, [
    'deriveKey',
    'deriveBits',
  ]);
  shared.fill(0);
  const hkdf = (label: string): HkdfParams => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: handshake.nonce as BufferSource,
    info: concatBytes(utf8(label), concatBytes(handshake.windowKey, handshake.hostKey)) as BufferSource,
  });
  const key = await crypto.subtle.deriveKey(
    hkdf('cairn vault channel: messages'),
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const farewell = new Uint8Array(await crypto.subtle.deriveBits(hkdf('cairn vault channel: farewell'), material, 128));
  return { key, farewell };
}

function additionalData(direction: Direction, number: number): BufferSource {
  return utf8(JSON.stringify([direction, number])) as BufferSource;
}

/** Zero-fills byte arrays whose buffers could not be handed over (a channel copies, it does not transfer). */
function wipeBuffers(buffers: readonly Transferable[]): void {
  for (const buffer of buffers) {
    if (buffer instanceof ArrayBuffer && buffer.byteLength > 0) new Uint8Array(buffer).fill(0);
  }
}

/**
 * One end of an agreed link. Messages go out in order, each sealed with its number in its
 * direction; only the next message expected from the other end is opened, in order, and anything
 * else (a copy, one out of order, one not sealed with this link's key) is dropped.
 */
export class SealedLink {
  private sent = 0;
  private received = 0;
  private sending: Promise<void> = Promise.resolve();
  private receiving: Promise<void> = Promise.resolve();

  constructor(
    readonly keys: Promise<LinkKeys>,
    private readonly outgoing: Direction,
    private readonly post: (sealed: Sealed) => void,
  ) {}

  /**
   * Seals and posts `message` after the ones sent before. Throws at once (TypeError) for a value
   * that is not plain data. The buffers in `transfer` are zero-filled: a channel cannot hand them over.
   */
  send(message: unknown, transfer: readonly Transferable[] = []): void {
    const plaintext = encodeMessage(message);
    wipeBuffers(transfer);
    const number = this.sent++;
    this.sending = this.sending
      .then(async () => {
        try {
          const { key } = await this.keys;
          const iv = randomBytes(12);
          const data = await crypto.subtle.encrypt(
            { name: 'AES-GCM', iv: iv as BufferSource, additionalData: additionalData(this.outgoing, number) },
            key,
            plaintext as BufferSource,
          );
          this.post({ iv, data: new Uint8Array(data) });
        } finally {
          plaintext.fill(0);
        }
      })
      .catch(() => undefined);
  }

  /** Opens `sealed` if it is the next message from the other end, and hands it to `deliver`. */
  receive(sealed: Sealed, deliver: (message: unknown) => void): void {
    const incoming: Direction = this.outgoing === 'to-host' ? 'to-window' : 'to-host';
    this.receiving = this.receiving
      .then(async () => {
        const { key } = await this.keys;
        const opened = await crypto.subtle
          .decrypt(
            { name: 'AES-GCM', iv: sealed.iv as BufferSource, additionalData: additionalData(incoming, this.received) },
            key,
            sealed.data as BufferSource,
          )
          .catch(() => undefined);
        if (!opened) return;
        this.received++;
        const plaintext = new Uint8Array(opened);
        try {
          deliver(decodeMessage(plaintext));
        } finally {
          plaintext.fill(0);
        }
      })
      .catch(() => undefined);
  }
}
