import { useEffect, useRef } from 'react';
import { isWatched } from '@/core/tx/record';
import { useSelectedNetwork } from '@/lib/session';
import { useTransactions } from '@/lib/transactions';
import { useChainHead } from '@/lib/useChainHead';

/**
 * Watches the selected network's transactions at every new block: confirmations, failures,
 * replacements, drops, and re-broadcasts of the ones the node does not know. Passes never
 * overlap, and the tracking code loads only once there is something to watch.
 */
export function useTransactionTracker(): void {
  const network = useSelectedNetwork();
  const head = useChainHead(network);
  const { service, store } = useTransactions();
  const running = useRef(false);
  const block = head.data?.status === 'ok' ? head.data.blockNumber : undefined;

  useEffect(() => {
    if (block === undefined || running.current) return;
    running.current = true;
    store
      .forChain(network.chainId)
      .then(async (records) => {
        const watched = records.some((r) => r.networkId === network.id && isWatched(r));
        if (watched) await (await service()).track(network);
      })
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
  }, [block, network, service, store]);
}
