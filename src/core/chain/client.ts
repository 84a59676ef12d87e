import { type Chain, type Client, createClient, fallback, hexToNumber, http, type Transport } from 'viem';
import { type BatchGate, batchGate } from './batchGate';
import type { Network } from './networks';

/** A bare viem client: actions are imported one by one from 'viem/actions' so only what is
 * used is bundled. */
export type ChainClient = Client<Transport, Chain>;

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The node a client of chainClient reads from: its chain id and RPC URLs (the same URLs on another
 * chain id are another node; a network's prompt and background clients are one).
 */
export function nodeKey(client: ChainClient): string {
  return `${client.chain.id}|${client.chain.rpcUrls.default.http.join(' ')}`;
}

export function toViemChain(network: Network): Chain {
  return {
    id: network.chainId,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: network.rpcUrls } },
    ...(network.explorerUrl ? { blockExplorers: { default: { name: 'Explorer', url: network.explorerUrl } } } : {}),
    // Where viem keeps it: every read through this client's Multicall3 goes there (multicallAddress).
    ...(network.multicall ? { contracts: { multicall3: { address: network.multicall.address } } } : {}),
  };
}

/**
 * How long a client collects calls into one JSON-RPC batch. What the person waits for goes at
 * once; what follows each new block in the background (history, balances, tracking) waits a
 * moment, and longer while a reader about to ask holds it (holdBackgroundBatch), so the reads one
 * block sets off travel together: one request rather than one each.
 */
export const BATCH_WAIT_MS = { prompt: 0, background: 40 } as const;
export type ReadPace = keyof typeof BATCH_WAIT_MS;

const clients = new Map<string, ChainClient>();
/** The background clients' batches, by the same key. */
const gates = new Map<string, BatchGate>();
const clientKey = (network: Network, pace: ReadPace) =>
  `${network.id}|${network.chainId}|${network.rpcUrls.join(' ')}|${pace}`;

/**
 * The viem client for a network: its RPC URLs in order with fallback, and concurrent requests
 * sent as one JSON-RPC batch (gathered for BATCH_WAIT_MS[pace]). Clients are reused while the
 * network's URLs stay the same.
 */
export function chainClient(network: Network, pace: ReadPace = 'prompt'): ChainClient {
  const key = clientKey(network, pace);
  let client = clients.get(key);
  if (!client) {
    // Each URL sends the calls made in one task as one batch; the background's gate gathers them longer.
    const transports = network.rpcUrls.map((url) =>
      http(url, { batch: { wait: 0 }, timeout: REQUEST_TIMEOUT_MS, retryCount: 0 }),
    );
    const urls = transports.length === 1 && transports[0] ? transports[0] : fallback(transports, { retryCount: 0 });
    const gate = pace === 'background' ? batchGate(urls, BATCH_WAIT_MS.background) : undefined;
    if (gate) gates.set(key, gate);
    client = createClient({
      chain: toViemChain(network),
      transport: gate?.transport ?? urls,
      pollingInterval: network.blockTimeMs,
      // No CCIP-Read: it would fetch from gateways the person never chose.
      ccipRead: false,
    });
    clients.set(key, client);
  }
  return client;
}

/**
 * Holds the network's background batch open until the returned release (at most HOLD_MAX_MS in
 * batchGate.ts): for a reader of a new block that must read its own state before it asks (the
 * history pass), so its calls travel with the balances' rather than in a request of their own.
 */
export function holdBackgroundBatch(network: Network): () => void {
  chainClient(network, 'background');
  const gate = gates.get(clientKey(network, 'background'));
  return gate ? gate.hold() : () => {};
}

/**
 * The chain id the node reports now, asked on its own: viem's getChainId shares an answer already
 * on its way (a head poll's), which may predate a switch of the node. For the checks just before
 * signing or sending.
 */
export async function nodeChainIdNow(client: ChainClient): Promise<number> {
  return hexToNumber(await client.request({ method: 'eth_chainId' }, { dedupe: false }));
}
