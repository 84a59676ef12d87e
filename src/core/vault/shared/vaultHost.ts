import type { Broadcast } from '../../channels';
import { createAutoLock, DEFAULT_AUTO_LOCK_MINUTES, type Timers } from '../autoLock';
import type { VaultSession } from '../vaultSession';
import type { Connection } from './connection';
import { isVaultMethod, type ToClient, type ToHost, toWireError, transferablesOf, type VaultApi } from './protocol';

/** Extra minutes the host waits beyond the windows' own idle timers, which a hidden tab may run late. */
const BACKSTOP_GRACE_MINUTES = 1;
/** At most one "activity" relay per this many ms: enough to keep idle timers of other windows fresh. */
const ACTIVITY_RELAY_MS = 5_000;

export type VaultHostOptions = {
  timers?: Timers;
  /** Other hosts of this profile (another build of Cairn still open): a lock in one locks all. */
  peers?: Pick<Broadcast, 'post' | 'listen'>;
};

/**
 * The one place the keys live: a VaultSession serving every Cairn window of the browser profile
 * (from a SharedWorker, or from the window elected to hold it). Every window sees the same state
 * at once: unlocking in one unlocks all, locking (by hand or idle) wipes the keys for all. It also
 * runs a backstop idle timer, a minute behind the windows' own, for windows whose timers a
 * browser froze.
 */
export class VaultHost {
  private readonly clients = new Set<Connection>();
  private readonly api: VaultApi;
  private readonly backstop;
  private lastRelay = 0;

  constructor(
    readonly session: VaultSession,
    private readonly options: VaultHostOptions = {},
  ) {
    const timers = options.timers;
    this.backstop = createAutoLock({
      minutes: DEFAULT_AUTO_LOCK_MINUTES + BACKSTOP_GRACE_MINUTES,
      onIdle: () => session.lock('idle'),
      ...(timers ? { timers } : {}),
    });
    this.api = this.createApi();
    let wasUnlocked = session.store.getState().status === 'unlocked';
    if (wasUnlocked) this.backstop.start();
    session.store.subscribe((state) => {
      this.broadcast({ kind: 'state', state });
      const unlocked = state.status === 'unlocked';
      if (unlocked && !wasUnlocked) this.backstop.start();
      if (!unlocked && wasUnlocked) {
        this.backstop.stop();
        options.peers?.post('locked');
      }
      wasUnlocked = unlocked;
    });
    options.peers?.listen((message) => {
      if (message === 'locked') session.lock('user');
    });
  }

  /** Serves one window until it says goodbye; returns how to stop serving it sooner. */
  connect(connection: Connection): () => void {
    this.clients.add(connection);
    connection.listen((message) => void this.receive(connection, message as ToHost));
    return () => this.clients.delete(connection);
  }

  /** Tells every window that calls in flight were lost (a new host after the old one went away). */
  announceRestart(): void {
    this.broadcast({ kind: 'restarted' });
  }

  private async receive(from: Connection, message: ToHost): Promise<void> {
    if (message?.kind === 'hello') {
      // A new window: what is stored may have changed since this host read it (another build).
      await this.session.refresh().catch(() => undefined);
      from.send({ kind: 'state', state: this.session.store.getState() } satisfies ToClient);
    } else if (message?.kind === 'bye') {
      this.clients.delete(from);
    } else if (message?.kind === 'call' && isVaultMethod(message.method) && Array.isArray(message.args)) {
      if (message.method === 'touch') this.relayActivity(from);
      try {
        const method = this.api[message.method] as (...args: unknown[]) => Promise<unknown>;
        const value = await method(...message.args);
        from.send({ kind: 'result', id: message.id, ok: true, value } satisfies ToClient, transferablesOf(value));
      } catch (error) {
        from.send({ kind: 'result', id: message.id, ok: false, error: toWireError(error) } satisfies ToClient);
      }
    }
  }

  private relayActivity(from: Connection): void {
    this.backstop.touch();
    const now = (this.options.timers?.now ?? Date.now)();
    if (now - this.lastRelay < ACTIVITY_RELAY_MS) return;
    this.lastRelay = now;
    for (const client of this.clients) if (client !== from) client.send({ kind: 'activity' } satisfies ToClient);
  }

  private broadcast(message: ToClient): void {
    for (const client of this.clients) client.send(message);
  }

  private createApi(): VaultApi {
    const s = this.session;
    return {
      create: (password, secret, accounts, options) => s.create(password, secret, accounts, options),
      unlock: (password) => s.unlock(password),
      lock: async (reason) => s.lock(reason ?? 'user'),
      add: (secret, accounts) => s.add(secret, accounts),
      addNextAccount: (secretId) => s.addNextAccount(secretId),
      rename: (accountId, name) => s.rename(accountId, name),
      setHidden: (accountId, hidden) => s.setHidden(accountId, hidden),
      move: (accountId, delta) => s.move(accountId, delta),
      remove: (accountId) => s.remove(accountId),
      changePassword: (current, next) => s.changePassword(current, next),
      sign: (accountId, address, request) => s.sign(accountId, address, request),
      verifyPassword: (password) => s.verifyPassword(password),
      reveal: (accountId, what, password) => s.reveal(accountId, what, password),
      exportPrivateKey: (accountId, password) => s.exportPrivateKey(accountId, password),
      exportBackup: () => s.exportBackup(),
      storedVaultText: () => s.storedVaultText(),
      importBackup: (text, password, options) => s.importBackup(text, password, options),
      reset: (downloadedText) => s.reset(downloadedText),
      retryAt: () => s.retryAt(),
      touch: async () => undefined,
      // Each window tells the host the person's setting when it opens and when it changes.
      setAutoLockMinutes: async (minutes) => {
        if (Number.isFinite(minutes) && minutes > 0) this.backstop.setMinutes(minutes + BACKSTOP_GRACE_MINUTES);
      },
    };
  }
}
