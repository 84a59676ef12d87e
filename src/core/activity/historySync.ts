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
  /** Brings the accounts' history up to the shared head, together where they can be (followAccounts). */
  follow(
    network: Network,
    accounts: readonly Address[],
    head: HeadBlock,
    onProgress: (account: Address, progress: SyncProgress) => void,
  ): Promise<
    Map<Address, Pick<FollowResult, 'itemsChanged' | 'head' | 'changed' | 'approvalSeen'> | { error: unknown }>
  >;
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

  const run = (key: string, network: Network, account: Address): Promise<void> => {
    const task = (async () => {
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
      } finally {
        running.delete(key);
      }
    })();
    running.set(key, task);
    return task;
  };

  const load = async () => {
    work ??= loadWork();
    return work.catch((error: unknown) => {
      work = undefined;
      throw error;
    });
  };

  const pass = (network: Network, accounts: readonly Address[], head: HeadBlock): Promise<void> => {
    const keys = accounts.map((account) => syncStatusKey(network.id, account));
    const task = (async () => {
      // A sync of one of these accounts on its own (a Retry) ends first.
      await Promise.all(keys.map((key) => running.get(key)?.catch(() => undefined)));
      for (const key of keys) setStatus(key, { running: true, error: undefined });
      try {
        const loaded = await load();
        const results = await loaded.follow(network, accounts, head, (account, p) =>
          setStatus(syncStatusKey(network.id, account), {
            progress: p.total > 0n ? Number((p.done * 1000n) / p.total) / 1000 : undefined,
          }),
        );
        await Promise.all(
          accounts.map(async (account, i) => {
            const key = keys[i] ?? '';
            const result = results.get(account);
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
    })();
    for (const key of keys) running.set(key, task);
    const settled = task.finally(() => {
      for (const key of keys) if (running.get(key) === task) running.delete(key);
    });
    return settled;
  };

  return {
    status,
    follow(network, accounts, head) {
      const waiting = nextPasses.get(network.id);
      if (waiting) {
        waiting.network = network;
        for (const account of accounts) waiting.accounts.add(account);
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
    request(network, account) {
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
    },
    onWritten(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
