/**
 * The BroadcastChannels Cairn's windows (and its vault worker) use to tell each other things, in
 * one list, and the one adapter to them. Messages on them are never secret: the vault channel
 * carries only ciphertext between a window and the host (see vault/shared/channelCipher).
 */
export const CHANNELS = {
  /** Windows ↔ the window hosting the vault, where SharedWorker is missing. */
  vault: 'cairn-vault',
  /** Vault hosts of different builds: a lock in one locks the others. */
  vaultPeers: 'cairn-vault-peers',
  /** Which shared setting changed. */
  settings: 'cairn-settings',
  /** Transaction records were stored. */
  txRecords: 'cairn-tx-records',
  /** A node was caught lying, acknowledged, or cleared (lib/verify/alarmSync.ts): sending is held in every window. */
  verification: 'cairn-verification',
} as const;

export type ChannelName = (typeof CHANNELS)[keyof typeof CHANNELS];

/** Post and listen on one channel; undefined where BroadcastChannel does not exist. */
export type Broadcast = {
  post(message: unknown): void;
  listen(handler: (message: unknown) => void): void;
  close(): void;
};

export function broadcast(name: ChannelName): Broadcast | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  // Under Node (the tests), an open channel would keep the process alive.
  (channel as { unref?: () => void }).unref?.();
  return {
    post(message) {
      try {
        channel.postMessage(message);
      } catch {
        // Closed: this window is going away.
      }
    },
    listen(handler) {
      channel.onmessage = (event) => handler(event.data);
    },
    close: () => channel.close(),
  };
}
