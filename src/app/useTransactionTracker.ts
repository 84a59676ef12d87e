import { useEffect, useRef, useState } from 'react';
import { isWatched } from '@/core/tx/record';
import { serialPasses } from '@/core/tx/serialPasses';
import { useChainHead } from '@/lib/queries/useChainHead';
import { onTrackingNudge } from '@/lib/send/trackingNudge';
import { useSelectedNetwork } from '@/lib/stores/session';
import { useTransactions } from '@/lib/stores/transactions';

/**
 * Watches the selected network's transactions at every new block: confirmations, failures,
 * replacements, drops, and re-broadcasts of the ones the node does not know. Passes never
 * overlap, and a block that arrives during a pass gets a pass once it ends: on a chain that
 * mines only when sent a transaction, it may be the last block for a long time. The tracking
 * code loads only once there is something to watch.
 */
export function useTransactionTracker(): void {
  const network = useSelectedNetwork();
  const head = useChainHead(network);
  const { service, store } = useTransactions();
  const block = head.data?.status === 'ok' ? head.data.block : undefined;
  const latest = useRef({ network, service, store, block });
  latest.current = { network, service, store, block };
  const [requestPass] = useState(() =>
    serialPasses(async () => {
      const { network, service, store, block } = latest.current;
      const records = await store.forChain(network.chainId);
      if (records.some((r) => r.networkId === network.id && isWatched(r)))
        await (await service()).track(network, block);
    }),
  );

  // A submission, once ended, asks for a pass of its own: its block may have been seen already (trackingNudge.ts).
  useEffect(() => onTrackingNudge(requestPass), [requestPass]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new block or network is what asks for a pass
  useEffect(() => {
    if (block !== undefined) requestPass();
  }, [block?.hash, network.id, requestPass]);
}
