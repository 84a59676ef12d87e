import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { nativeSourceFor } from '@/core/activity/activityStore';
import { type ChainHead, readChainHead } from '@/core/chain/chainHead';
import { chainClient } from '@/core/chain/client';
import { type HeadPace, NO_PACE, nextAskIn, sawHead } from '@/core/chain/headPace';
import { headPollIntervalMs, type Network } from '@/core/chain/networks';

/** Query keys for chain data. Every key starts with the network and its RPC URLs, so editing a
 * network's URLs never serves data read from the old node. */
export const chainKeys = {
  network: (network: Network) => ['chain', network.id, network.chainId, network.rpcUrls.join(' ')] as const,
  head: (network: Network) => [...chainKeys.network(network), 'head'] as const,
};

/** While the node fails, poll less and less often (up to every 30 s); the UI offers a retry. */
export function headRefetchInterval(network: Network, consecutiveFailures: number): number {
  const base = headPollIntervalMs(network);
  return consecutiveFailures === 0 ? base : Math.min(base * 2 ** consecutiveFailures, 30_000);
}

/** A node's head asks for one query cache: their pace, when the next is due, and what the last found. */
type Asks = { pace: HeadPace; nextAt: number; head: ChainHead | undefined };
const asksByCache = new WeakMap<QueryClient, Map<string, Asks>>();
const asksKey = (network: Network) => chainKeys.head(network).join('|');

function asksOf(cache: QueryClient, network: Network): Asks {
  let byNode = asksByCache.get(cache);
  if (!byNode) {
    byNode = new Map();
    asksByCache.set(cache, byNode);
  }
  let entry = byNode.get(asksKey(network));
  if (!entry) {
    entry = { pace: NO_PACE, nextAt: 0, head: undefined };
    byNode.set(asksKey(network), entry);
  }
  return entry;
}
/** A poll this close to its time asks the node; sooner, it gives what the last ask found. */
const EARLY_MS = 150;

async function askHead(entry: Asks, network: Network): Promise<ChainHead> {
  // Every reader's poll shares this query; one that comes early (a screen just shown) gets the
  // last answer rather than an ask of its own.
  if (entry.head && Date.now() < entry.nextAt - EARLY_MS) return entry.head;
  try {
    // The blocks' own transactions where history is read from blocks (the local chain's scan).
    const withTransactions = nativeSourceFor(network, false) === 'scan';
    const head = await readChainHead(chainClient(network), network, { withTransactions });
    const now = Date.now();
    entry.pace = sawHead(entry.pace, head.block, now);
    entry.nextAt = now + nextAskIn(entry.pace, network.blockTimeMs, now);
    entry.head = head;
    return head;
  } catch (error) {
    entry.head = undefined;
    throw error;
  }
}

/**
 * The network's head: one query that every reader of the chain follows (its block shared by all),
 * asked when the next block should be there (headPace: kept per query cache, so a poll that comes
 * early gets the last answer); its block's transactions come with it on the local chain, whose
 * history is read from blocks. The chain id is asked only when the connection is new
 * (readChainHead).
 */
export function chainHeadQuery(cache: QueryClient, network: Network) {
  const entry = asksOf(cache, network);
  return queryOptions({
    queryKey: chainKeys.head(network),
    queryFn: () => askHead(entry, network),
    refetchInterval: (query) =>
      query.state.status === 'error'
        ? headRefetchInterval(network, query.state.fetchFailureCount)
        : Math.max(EARLY_MS, entry.nextAt - Date.now()),
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
}
