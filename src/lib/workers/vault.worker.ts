/// <reference lib="webworker" />
// The vault's one home in the browser profile: a SharedWorker that every Cairn window and popup
// connects to. The decrypted vault and the keys live here and nowhere else; windows get state
// and results (signatures), never keys, except a phrase or key the person asked to see or save.
// The worker lives as long as one Cairn window is open; with the last one it goes, keys and all.
// Any page of Cairn's origin can connect to it, as a window does: the session trusts its origin,
// so Cairn must be served from an origin of its own (see docs/security.md).
import { portConnection } from '@/core/vault/shared/hostConnection';
import { startVaultHost } from '../vault/startVaultHost';

declare const self: SharedWorkerGlobalScope;

const host = startVaultHost();

self.onconnect = (event: MessageEvent) => {
  const port = event.ports[0];
  // Messages wait in the port until the host listens.
  if (port) void host.then((h) => h.connect(portConnection(port)));
};
