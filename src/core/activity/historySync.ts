import type { Address, Hex } from 'viem';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HeadBlock } from '../chain/chainHead';
import type { Network } from '../chain/networks';
import type { FollowResult } from './followAccounts';
import type { SyncProgress, SyncResult } from './sync';
import { IDLE_SYNC, type SyncStatus, type SyncStatusState, syncStatusKey } from './syncStatus';

/**
 * The work of one sync, handed in by the app (it loads the code when first asked, and knows the
 * stores, the client and the person's explorer): the history, then the approvals scan that follows it.
 */
export type HistorySyncWork = {
  /** Brings the account's history on the network up to the node's head (syncAccount). */
  sync(
    network: Network,
    account: Address,
    onProgress: (progress: SyncProgress) => void,
  ): Promise<Pick<SyncResult, 'itemsChanged' | 'head'>>;
  /** Brings the accounts' history up to the shared head, together (followAccounts); those too far behind are left. */
  follow(network: Network, accounts: readonly Address[], head: HeadBlock): Promise<Map<Address, FollowOutcome>>;
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
   * the newest head. Resolves when the pass that covers this ask has ended; never rejects.
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

type FollowUp = { network: Network; account: Address; done: Promise<void> };
type PassAsk = { network: Network; accounts: Set<Address>; head: HeadBlock; done: Promise<void> };

/** The app's history sync: built once at start, fed requests by the UI (a new block, Retry). */
export function createHistorySync(loadWork: () => Promise<HistorySyncWork>): HistorySync {
  const status = createStore<SyncStatusState>()(() => ({ byKey: {} }));
  const running = new Map<string, Promise<void>>();
  /** Per network: the pass running, and the one asked meanwhile. */
  const passes = new Map<string, Promise<void>>();
  const nextPasses = new Map<string, PassAsk>();
  const followUps = new Map<string, FollowUp>();
  const listeners = new Set<(network: Network, account: Address) => void>();
  /** The last approval events seen per account, so that only a change counts as written. */
  const approvalSignatures = new Map<string, string>();
  let work: Promise<HistorySyncWork> | undefined;

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
    let release = () => undefined as void;
    const held = new Promise<void>((done) => {
      release = done;
    });
    for (const key of keys) running.set(key, held);
    return task().finally(() => {
      for (const key of keys) if (running.get(key) === held) running.delete(key);
      release();
    });
  };

  const run = async (key: string, network: Network, account: Address): Promise<void> => {
    // A pass may hold the account: its own sync runs after, never beside it.
    await untilFree(key);
    return holding([key], async () => {
      setStatus(key, { running: true, error: undefined });
      try {
        const loaded = await load();
        const result = await loaded.sync(network, account, (p) =>
          setStatus(key, { progress: p.total > 0n ? Number((p.done * 1000n) / p.total) / 1000 : undefined }),
        );
        const approvalsChanged = await scanApprovals(loaded, key, network, account);
        if (result.itemsChanged || approvalsChanged) for (const listener of listeners) listener(network, account);
        setStatus(key, { running: false, progress: undefined, error: undefined, syncedTo: result.head });
      } catch (error) {
        setStatus(key, { running: false, progress: undefined, error });
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
   * the next pass). Accounts too far behind to follow are synced on their own after it, so a long
   * first sync never holds up the others.
   */
  const pass = (network: Network, accounts: readonly Address[], head: HeadBlock): Promise<void> => {
    const free = accounts.filter((account) => !running.has(syncStatusKey(network.id, account)));
    const keys = free.map((account) => syncStatusKey(network.id, account));
    const behind: Address[] = [];
    const done = holding(keys, async () => {
      if (free.length === 0) return;
      for (const key of keys) setStatus(key, { running: true, error: undefined });
      try {
        const loaded = await load();
        const results = await loaded.follow(network, free, head);
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
        for (const key of keys) setStatus(key, { running: false, progress: undefined, error });
      }
    });
    return done.then(() => {
      for (const account of behind) void request(network, account);
    });
  };

  function request(network: Network, account: Address): Promise<void> {
    const key = syncStatusKey(network.id, account);
    const waiting = followUps.get(key);
    if (waiting) {
      waiting.network = network;
      waiting.account = account;
      return waiting.done;
    }
    const current = running.get(key);
    if (!current) return run(key, network, account);
    const followUp: FollowUp = { network, account, done: Promise.resolve() };
    followUp.done = current.then(() => {
      followUps.delete(key);
      return run(key, followUp.network, followUp.account);
    });
    followUps.set(key, followUp);
    return followUp.done;
  }

  return {
    status,
    follow(network, accounts, head) {
      const waiting = nextPasses.get(network.id);
      if (waiting) {
        // The accounts as asked last: one the person no longer lets be read is not named.
        waiting.network = network;
        waiting.accounts = new Set(accounts);
        if (head.number >= waiting.head.number) waiting.head = head;
        return waiting.done;
      }
      const current = passes.get(network.id);
      if (!current) {
        const done = pass(network, accounts, head).finally(() => passes.delete(network.id));
        passes.set(network.id, done);
        return done;
      }
      const ask: PassAsk = { network, accounts: new Set(accounts), head, done: Promise.resolve() };
      ask.done = current.then(() => {
        nextPasses.delete(network.id);
        const done = pass(ask.network, [...ask.accounts], ask.head).finally(() => passes.delete(network.id));
        passes.set(network.id, done);
        return done;
      });
      nextPasses.set(network.id, ask);
      return ask.done;
    },
    request,
    onWritten(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
