import type { Broadcast } from '../../channels';
import { createAutoLock, DEFAULT_AUTO_LOCK_MINUTES, type Timers } from '../autoLock';
import type { VaultSession } from '../vaultSession';
import type { Connection } from './hostConnection';
import {
  isSessionMethod,
  isVaultMethod,
  type ToClient,
  type ToHost,
  toWireError,
  transferablesOf,
  type VaultMethod,
} from './vaultProtocol';

/** Extra minutes the host waits beyond the windows' own idle timers, which a hidden tab may run late. */
const BACKSTOP_GRACE_MINUTES = 1;

export type VaultHostOptions = {
  timers?: Timers;
  /** Other hosts of this profile (another build of Cairn still open): a lock in one locks all. */
  peers?: Pick<Broadcast, 'post' | 'listen'>;
};

/**
 * The one place the keys live: a VaultSession serving every Cairn window of the browser profile
 * (from a SharedWorker, or from the window elected to hold it). Every window sees the same state
 * at once: unlocking in one unlocks all, locking (by hand or idle) wipes the keys for all.
 *
 * Idle time: each window runs its own timer, restarted by input there and by the activity of the
 * other windows, which the host relays (each window reports at most every few seconds); the first
 * timer to run out locks the session for all. The host also runs a backstop timer of its own, a
 * minute behind, fed by the same reports, for windows whose timers a browser froze.
 *
 * Any script of Cairn's origin can connect and call (see docs/security.md): the session
 * trusts its origin, which is why Cairn must be served from an origin of its own.
 */
export class VaultHost {
  private readonly clients = new Set<Connection>();
  private readonly backstop;

  constructor(
    readonly session: VaultSession,
    options: VaultHostOptions = {},
  ) {
    this.backstop = createAutoLock({
      minutes: DEFAULT_AUTO_LOCK_MINUTES + BACKSTOP_GRACE_MINUTES,
      onIdle: () => session.lock('idle'),
      ...(options.timers ? { timers: options.timers } : {}),
    });
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

  /** How many windows are served now (support and tests: a window that left is not counted). */
  get windowCount(): number {
    return this.clients.size;
  }

  /** Serves one window until it says goodbye; returns how to stop serving it sooner. */
  connect(connection: Connection): () => void {
    this.clients.add(connection);
    connection.listen((message) => void this.receive(connection, message as ToHost));
    return () => this.clients.delete(connection);
  }

  private async receive(from: Connection, message: ToHost): Promise<void> {
    if (message?.kind === 'ping') {
      from.send({ kind: 'pong' } satisfies ToClient);
    } else if (message?.kind === 'hello') {
      // A new window: what is stored may have changed since this host read it (another build).
      await this.session.refresh().catch(() => undefined);
      from.send({ kind: 'state', state: this.session.store.getState() } satisfies ToClient);
    } else if (message?.kind === 'bye') {
      this.clients.delete(from);
    } else if (message?.kind === 'call' && isVaultMethod(message.method) && Array.isArray(message.args)) {
      try {
        const value = await this.invoke(from, message.method, message.args);
        from.send({ kind: 'result', id: message.id, ok: true, value } satisfies ToClient, transferablesOf(value));
      } catch (error) {
        from.send({ kind: 'result', id: message.id, ok: false, error: toWireError(error) } satisfies ToClient);
      }
    }
  }

  private async invoke(from: Connection, method: VaultMethod, args: unknown[]): Promise<unknown> {
    if (isSessionMethod(method)) {
      const call = this.session[method] as (...args: unknown[]) => Promise<unknown>;
      return call.apply(this.session, args);
    }
    if (method === 'lock') {
      this.session.lock(args[0] === 'idle' ? 'idle' : 'user');
    } else if (method === 'touch') {
      this.relayActivity(from);
    } else {
      // Each window tells the host the person's setting when it opens and when it changes.
      const minutes = args[0];
      if (typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0) {
        this.backstop.setMinutes(minutes + BACKSTOP_GRACE_MINUTES);
      }
    }
    return undefined;
  }

  /** Every report goes to every other window: windows already report at most every few seconds each. */
  private relayActivity(from: Connection): void {
    this.backstop.touch();
    for (const client of this.clients) if (client !== from) client.send({ kind: 'activity' } satisfies ToClient);
  }

  private broadcast(message: ToClient): void {
    for (const client of this.clients) client.send(message);
  }
}
