import { useCallback, useEffect, useRef, useState } from 'react';
import type { Network } from '@/core/chain/networks';
import { watchedOn } from '@/core/tx/record';
import { serialPasses } from '@/core/tx/serialPasses';
import { useChainHead } from '@/lib/queries/useChainHead';
import { onTrackingNudge } from '@/lib/send/trackingNudge';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useTransactions } from '@/lib/stores/transactions';

/**
 * The networks whose transactions are followed: the header's, and every other one holding a
 * transaction still watched (one sent from Home's row on its own network, with no switch). Looked
 * for again after each submission and each pass, so a network is followed at block speed only
 * while something of this window's is in flight there.
 */
export function useTrackedNetworks(): { networks: Network[]; recheck: () => void } {
  const header = useSelectedNetwork();
  const networks = useSession((s) => s.networks);
  const { store } = useTransactions();
  const [watchedIds, setWatchedIds] = useState<readonly string[]>([]);
  // Looks overlap (a nudge during a pass): only the latest one's answer counts, never an older one
  // that read a network before its new record was stored.
  const latestLook = useRef(0);
  const recheck = useCallback(() => {
    const look = ++latestLook.current;
    void (async () => {
      // One read of the records still watched, on every chain: never the settled ones.
      const watched = await store.watched();
      const found = networks.filter((n) => watchedOn(watched, n.id)).map((n) => n.id);
      if (look !== latestLook.current) return;
      setWatchedIds((before) => (before.join() === found.join() ? before : found));
    })().catch(() => {
      // Storage that cannot be read now: the header's network is still followed; the next nudge looks again.
    });
  }, [networks, store]);
  useEffect(() => {
    recheck();
    return onTrackingNudge(recheck);
  }, [recheck]);
  const tracked = [header, ...networks.filter((n) => n.id !== header.id && watchedIds.includes(n.id))];
  return { networks: tracked, recheck };
}

/**
 * Watches one network's transactions at every new block: confirmations, failures, replacements,
 * drops, and re-broadcasts of the ones the node does not know. Passes never overlap, and a block
 * that arrives during a pass gets a pass once it ends: on a chain that mines only when sent a
 * transaction, it may be the last block for a long time. The tracking code loads only once there
 * is something to watch. `onPassEnd` hears of each pass that looked at records.
 */
export function useTransactionTracker(network: Network, onPassEnd?: () => void): void {
  const head = useChainHead(network);
  const { service, store } = useTransactions();
  const block = head.data?.status === 'ok' ? head.data.block : undefined;
  const latest = useRef({ network, service, store, block, onPassEnd });
  latest.current = { network, service, store, block, onPassEnd };
  const [requestPass] = useState(() =>
    serialPasses(async () => {
      const { network, service, store, block, onPassEnd } = latest.current;
      if (!watchedOn(await store.watched(), network.id)) return;
      try {
        await (await service()).track(network, block);
      } finally {
        onPassEnd?.();
      }
    }),
  );

  // A submission, once ended, asks for a pass of its own: its block may have been seen already (trackingNudge.ts).
  useEffect(() => onTrackingNudge(requestPass), [requestPass]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new block or network is what asks for a pass
  useEffect(() => {
    if (block !== undefined) requestPass();
  }, [block?.hash, network.id, requestPass]);
}
