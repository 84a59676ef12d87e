// A fake of the history sync's work for unit tests of historySync.ts: its syncs and passes wait
// until the test releases them, recording what ran, in which order and on which network; with two
// accounts, networks by id and head blocks by number.
import type { Address } from 'viem';
import type { createHistorySync, HistorySyncWork } from '../core/activity/historySync';
import { syncStatusKey } from '../core/activity/syncStatus';
import type { HeadBlock } from '../core/chain/chainHead';
import { localNetwork, type Network } from '../core/chain/networks';

export const A = '0x00000000000000000000000000000000000000aa' as Address;
export const B = '0x00000000000000000000000000000000000000bb' as Address;
export const network = (id: string): Network => ({ ...localNetwork('http://127.0.0.1:1'), id });

/** A head block of that number (the rest of it matters to no sync). */
export const block = (number: bigint): HeadBlock => ({
  number,
  hash: '0x01',
  parentHash: '0x00',
  timestamp: 1n,
  gasLimit: 30_000_000n,
  gasUsed: 0n,
  baseFeePerGas: undefined,
});

/** Account A's (or `account`'s) sync status on a network, as the sync keeps it. */
export const statusOf = (history: ReturnType<typeof createHistorySync>, networkId: string, account: Address = A) =>
  history.status.getState().byKey[syncStatusKey(networkId, account)];

/** Lets `n` rounds of promise callbacks run. */
export const ticks = async (n = 10) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

/** Work whose syncs wait until released, recording what ran and in which order, and each sync's network. */
export function fakeWork() {
  const log: string[] = [];
  const synced: Network[] = [];
  /** Waiting syncs and passes, each with its network, oldest first. */
  const pending: { networkId: string; release: () => void }[] = [];
  /** Failures of the work on one network alone. */
  let failOn: Record<string, Error> = {};
  let head = 100n;
  let itemsChanged = true;
  let events: { transactionHash: `0x${string}`; logIndex: number }[] = [];
  let failSync: Error | undefined;
  /** The accounts whose pass sees an approval of theirs, and those too far behind to follow. */
  let approvalSeen = new Set<Address>();
  let behind = new Set<Address>();
  const work: HistorySyncWork = {
    async follow(net, accounts, block) {
      const who = accounts.map((a) => a.slice(-2)).join('+');
      log.push(`follow ${net.id} ${who} @${block.number}`);
      await new Promise<void>((release) => pending.push({ networkId: net.id, release }));
      log.push(`followed ${net.id} ${who}`);
      const failure = failOn[net.id] ?? failSync;
      return new Map(
        accounts.map((account) => [
          account,
          behind.has(account)
            ? { behind: true as const }
            : failure
              ? { error: failure }
              : { changed: true, itemsChanged, head: block.number, approvalSeen: approvalSeen.has(account) },
        ]),
      );
    },
    async sync(net, accounts, onProgress) {
      const who = accounts.map((a) => a.slice(-2)).join('+');
      log.push(`sync ${net.id} ${who}`);
      synced.push(net);
      onProgress({ phase: 'logs', done: 1n, total: 4n });
      await new Promise<void>((release) => pending.push({ networkId: net.id, release }));
      log.push(`synced ${net.id} ${who}`);
      const failure = failOn[net.id] ?? failSync;
      if (failure) throw failure;
      return new Map(accounts.map((account) => [account, { itemsChanged, head }]));
    },
    async scanApprovals(net, account) {
      log.push(`approvals ${net.id} ${account.slice(-2)}`);
      return { events };
    },
  };
  return {
    work,
    log,
    /** The network each sync was given, in order. */
    synced,
    /** Lets the oldest waiting sync finish (of that network, when one is named). */
    release: async (networkId?: string) => {
      const at = networkId === undefined ? 0 : pending.findIndex((p) => p.networkId === networkId);
      if (at >= 0) pending.splice(at, 1)[0]?.release();
      await ticks();
    },
    set: (next: {
      head?: bigint;
      itemsChanged?: boolean;
      events?: typeof events;
      failSync?: Error | undefined;
      approvalSeen?: Address[];
      behind?: Address[];
      failOn?: Record<string, Error>;
    }) => {
      if (next.failOn) failOn = next.failOn;
      head = next.head ?? head;
      if (next.approvalSeen) approvalSeen = new Set(next.approvalSeen);
      if (next.behind) behind = new Set(next.behind);
      itemsChanged = next.itemsChanged ?? itemsChanged;
      events = next.events ?? events;
      if ('failSync' in next) failSync = next.failSync;
    },
  };
}
