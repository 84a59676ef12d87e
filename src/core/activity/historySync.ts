import type { Address, Hex } from 'viem';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { isRateLimited } from '../assets/networkPortfolio';
import type { HeadBlock } from '../chain/chainHead';
import type { Network } from '../chain/networks';
import { paceOf, rateLimitWaitMs } from '../chain/refreshPolicy';
import type { FollowResult } from './followAccounts';
import type { SyncProgress, SyncResult } from './sync';
import { IDLE_SYNC, type SyncStatus, type SyncStatusState, syncStatusKey } from './syncStatus';

/**
 * The work of one sync, handed in by the app (it loads the code when first asked, and knows the
 * stores, the client and the person's explorer): the history, then the approvals scan that follows it.
 */
export type HistorySyncWork = {
  /** Brings the accounts' history on the network up to the node's head, in one read for all (syncAccounts). */
  sync(
    network: Network,
    accounts: readonly Address[],
    onProgress: (progress: SyncProgress) => void,
  ): Promise<Map<Address, Pick<SyncResult, 'itemsChanged' | 'head'> | { error: unknown }>>;
  /**
   * Brings the accounts' history up to the shared head, together (followAccounts); those too far
   * behind are left. Calls `asking` just before its first read of the node.
   */
  follow(
    network: Network,
    accounts: readonly Address[],
    head: HeadBlock,
    asking: () => void,
  ): Promise<Map<Address, FollowOutcome>>;
  /** Brings the account's approval events up to date with its history (scanApprovals): all of them. */
  scanApprovals(
    network: Network,
    account: Address,
  ): Promise<{ events: readonly { transactionHash: Hex; logIndex: number }[] }>;
};

export type HistorySync = {
  /**
   * Syncs the account's history on the network, then its approvals. One sync per account and
   * network at a time: a request made while one runs is not dropped but runs once after it, with
   * the network asked last (several such requests make one follow-up). Resolves when the sync
   * that covers this request has ended; never rejects (a failure is in the status).
   */
  request(network: Network, account: Address): Promise<void>;
  /**
   * Brings every one of the accounts up to a new head the chain's readers share, in one pass (a
   * few requests whatever their number), then the approvals of those whose pass found any. A
   * pass asked while one runs on the network runs once after it, with every account asked and
   * the newest head. Each network on its own: one failing or slow holds up no other. A network
   * whose node refused the last passes as too many is not asked again until its back-off has
   * passed (rateLimitWaitMs from its background pace, doubling); a request() still asks at once.
   * Resolves when the pass that covers this ask has ended (or at once when held back); never rejects.
   */
  follow(network: Network, accounts: readonly Address[], head: HeadBlock): Promise<void>;
  /** Where each account's sync stands: a plain store, read by the UI. */
  readonly status: StoreApi<SyncStatusState>;
  /** Called after a sync changed stored history or approvals (views read again). Returns the unsubscribe. */
  onWritten(listener: (network: Network, account: Address) => void): () => void;
};

type FollowOutcome =
  | Pick<FollowResult, 'itemsChanged' | 'head' | 'changed' | 'approvalSeen'>
  | { error: unknown }
  | { behind: true };

/** An account's failure in a sync's results (undefined when its part was read; a missing part fails). */
const failureOf =
  (results: ReadonlyMap<Address, object>) =>
  (account: Address): unknown => {
    const result = results.get(account);
    if (result === undefined) return new Error('no result');
    return 'error' in result ? result.error : undefined;
  };

type PassArgs = { network: Network; accounts: readonly Address[]; head: HeadBlock };

/**
 * Runs `start(args)` at once when `current(key)` is nothing, else once after it; asks made
 * meanwhile make that one follow-up, with their arguments `merge`d. Each ask resolves when the run
 * that covers it has ended.
 */
function oneAfterAnother<A>(
  current: (key: string) => Promise<unknown> | undefined,
  start: (args: A) => Promise<void>,
  merge: (waiting: A, asked: A) => A,
): (key: string, args: A) => Promise<void> {
  const waiting = new Map<string, { args: A; done: Promise<void> }>();
  return (key, args) => {
    const next = waiting.get(key);
    if (next) {
      next.args = merge(next.args, args);
      return next.done;
    }
    const now = current(key);
    if (!now) return start(args);
    const entry = { args, done: Promise.resolve() };
    entry.done = now.then(() => {
      waiting.delete(key);
      return start(entry.args);
    });
    waiting.set(key, entry);
    return entry.done;
  };
}

/**
 * The app's history sync: built once at start, fed requests by the UI (a new block, Retry).
 * `holdReads` keeps the network's background batch open from the moment a pass is asked until it
 * reads the node (it reads its stored state first), so a new block's history reads travel with
 * the balances asked in the same moment (holdBackgroundBatch in chain/client.ts).
 */
export function createHistorySync(
  loadWork: () => Promise<HistorySyncWork>,
  holdReads: (network: Network) => () => void = () => () => {},
  now: () => number = Date.now,
): HistorySync {
  const status = createStore<SyncStatusState>()(() => ({ byKey: {} }));
  const running = new Map<string, Promise<void>>();
  /** Per network: the pass running. */
  const passes = new Map<string, Promise<void>>();
  const listeners = new Set<(network: Network, account: Address) => void>();
  /** The last approval events seen per account, so that only a change counts as written. */
  const approvalSignatures = new Map<string, string>();
  let work: Promise<HistorySyncWork> | undefined;
  /** Per network: passes its node refused as too many in a row, and until when the next waits. */
  const refusals = new Map<string, { count: number; until: number }>();

  /** Counts a sync's outcome on the network: refused as too many (and nothing answered), or answered. */
  const noteOutcome = (network: Network, outcomes: readonly unknown[]) => {
    const answered = outcomes.some((outcome) => outcome === undefined);
    if (answered) refusals.delete(network.id);
    else if (outcomes.some(isRateLimited)) {
      const count = (refusals.get(network.id)?.count ?? 0) + 1;
      const wait = rateLimitWaitMs(paceOf(network, 'background').pollMs, count);
      refusals.set(network.id, { count, until: now() + wait });
    }
  };
  const heldBack = (network: Network) => {
    const refused = refusals.get(network.id);
    return refused !== undefined && now() < refused.until;
  };

  const setStatus = (key: string, patch: Partial<SyncStatus>) => {
    const byKey = status.getState().byKey;
    status.setState({ byKey: { ...byKey, [key]: { ...(byKey[key] ?? IDLE_SYNC), ...patch } } });
  };

  /** Whether the approval events changed. A failure here leaves the history's sync alone: the Approvals screen reports its own. */
  const scanApprovals = async (loaded: HistorySyncWork, key: string, network: Network, account: Address) => {
    try {
      const { events } = await loaded.scanApprovals(network, account);
      const signature = events.map((e) => `${e.transactionHash}:${e.logIndex}`).join(',');
      const changed = approvalSignatures.get(key) !== signature;
      approvalSignatures.set(key, signature);
      return changed;
    } catch {
      return false;
    }
  };

  /** Waits until no sync or pass holds `key` (what holds one is always settled in the end). */
  const untilFree = async (key: string) => {
    for (let busy = running.get(key); busy; busy = running.get(key)) await busy;
  };

  /** Holds `keys` for `task` (already free: claimed in the same tick), and frees them after. */
  const holding = (keys: readonly string[], task: () => Promise<void>): Promise<void> => {
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    for (const key of keys) running.set(key, held);
    return task().finally(() => {
      for (const key of keys) if (running.get(key) === held) running.delete(key);
      release();
    });
  };

  /** Syncs the accounts together once no other sync or pass holds any of them, then each one's approvals. */
  const run = async (network: Network, accounts: readonly Address[]): Promise<void> => {
    const keys = accounts.map((account) => syncStatusKey(network.id, account));
    // A pass may hold an account: its own sync runs after, never beside it.
    for (let busy = keys.find((k) => running.has(k)); busy !== undefined; busy = keys.find((k) => running.has(k)))
      await untilFree(busy);
    return holding(keys, async () => {
      for (const key of keys) setStatus(key, { running: true, error: undefined });
      try {
        const loaded = await load();
        const results = await loaded.sync(network, accounts, (p) => {
          const progress = p.total > 0n ? Number((p.done * 1000n) / p.total) / 1000 : undefined;
          for (const key of keys) setStatus(key, { progress });
        });
        noteOutcome(network, accounts.map(failureOf(results)));
        await Promise.all(
          accounts.map(async (account, i) => {
            const key = keys[i] ?? '';
            const result = results.get(account);
            if (!result || 'error' in result) {
              setStatus(key, { running: false, progress: undefined, error: result?.error });
              return;
            }
            const approvalsChanged = await scanApprovals(loaded, key, network, account);
            if (result.itemsChanged || approvalsChanged) for (const listener of listeners) listener(network, account);
            setStatus(key, { running: false, progress: undefined, error: undefined, syncedTo: result.head });
          }),
        );
      } catch (error) {
        noteOutcome(network, [error]);
        for (const key of keys) setStatus(key, { running: false, progress: undefined, error });
      }
    });
  };

  const load = async () => {
    work ??= loadWork();
    return work.catch((error: unknown) => {
      work = undefined;
      throw error;
    });
  };

  /**
   * One pass over the accounts no sync of their own holds (those come up to date by it, and join
   * the next pass). Accounts too far behind to follow are synced after it, together in one sync
   * of their own, so a long first sync never holds up the others.
   */
  const pass = (network: Network, accounts: readonly Address[], head: HeadBlock): Promise<void> => {
    const free = accounts.filter((account) => !running.has(syncStatusKey(network.id, account)));
    const keys = free.map((account) => syncStatusKey(network.id, account));
    const behind: Address[] = [];
    const asking = free.length > 0 ? holdReads(network) : () => {};
    const done = holding(keys, async () => {
      if (free.length === 0) return;
      for (const key of keys) setStatus(key, { running: true, error: undefined });
      try {
        const loaded = await load();
        const results = await loaded.follow(network, free, head, asking);
        // Those too far behind were not read: their sync of their own tells.
        const read = free.filter((account) => !('behind' in (results.get(account) ?? {})));
        noteOutcome(network, read.map(failureOf(results)));
        await Promise.all(
          free.map(async (account, i) => {
            const key = keys[i] ?? '';
            const result = results.get(account);
            if (result && 'behind' in result) {
              behind.push(account);
              return;
            }
            if (!result || 'error' in result) {
              setStatus(key, { running: false, progress: undefined, error: result?.error });
              return;
            }
            // Approvals are read again when the pass saw one, could not tell, or none was read yet.
            const scan = result.approvalSeen !== false || !approvalSignatures.has(key);
            const approvalsChanged = scan && (await scanApprovals(loaded, key, network, account));
            if (result.itemsChanged || approvalsChanged) for (const listener of listeners) listener(network, account);
            setStatus(key, { running: false, progress: undefined, error: undefined, syncedTo: result.head });
          }),
        );
      } catch (error) {
        noteOutcome(network, [error]);
        for (const key of keys) setStatus(key, { running: false, progress: undefined, error });
      } finally {
        asking();
      }
    });
    return done.then(() => {
      if (behind.length > 0) void catchUp(network, behind);
    });
  };

  /** One sync per account at a time; asks meanwhile make one follow-up, with the network asked last. */
  const askSync = oneAfterAnother<{ network: Network; account: Address }>(
    (key) => running.get(key),
    ({ network, account }) => run(network, [account]),
    (_, asked) => asked,
  );
  const request = (network: Network, account: Address) =>
    askSync(syncStatusKey(network.id, account), { network, account });

  /** Per network: the sync of accounts a pass left behind, running. */
  const catchingUp = new Map<string, Promise<void>>();
  /** One sync of the accounts passes left behind per network at a time; asks meanwhile add theirs to the next. */
  const askCatchUp = oneAfterAnother<{ network: Network; accounts: readonly Address[] }>(
    (networkId) => catchingUp.get(networkId),
    ({ network, accounts }) => {
      const done = run(network, accounts).finally(() => {
        if (catchingUp.get(network.id) === done) catchingUp.delete(network.id);
      });
      catchingUp.set(network.id, done);
      return done;
    },
    (waiting, asked) => ({ network: asked.network, accounts: [...new Set([...waiting.accounts, ...asked.accounts])] }),
  );
  const catchUp = (network: Network, accounts: readonly Address[]) => askCatchUp(network.id, { network, accounts });

  /** One pass per network at a time; one asked meanwhile names the accounts asked last, with the newest head. */
  const askPass = oneAfterAnother<PassArgs>(
    (networkId) => passes.get(networkId),
    ({ network, accounts, head }) => {
      const done = pass(network, accounts, head).finally(() => {
        if (passes.get(network.id) === done) passes.delete(network.id);
      });
      passes.set(network.id, done);
      return done;
    },
    // The accounts as asked last: one the person no longer lets be read is not named.
    (waiting, asked) => ({ ...asked, head: asked.head.number >= waiting.head.number ? asked.head : waiting.head }),
  );

  return {
    status,
    follow: (network, accounts, head) =>
      heldBack(network) ? Promise.resolve() : askPass(network.id, { network, accounts, head }),
    request,
    onWritten(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
