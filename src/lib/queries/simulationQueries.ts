import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Abi, Address } from 'viem';
import { priceFeedsFor } from '@/core/assets/catalogue';
import { readPortfolio } from '@/core/assets/portfolio';
import { type ChainClient, chainClient, nodeKey } from '@/core/chain/client';
import type { FeeMarket } from '@/core/chain/fees';
import { knownMulticall } from '@/core/chain/multicallProbe';
import type { Network } from '@/core/chain/networks';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import type { EffectFacts } from '@/core/simulation/effects';
import { type PreviewWithFacts, previewWithFacts } from '@/core/simulation/facts';
import { knownReads, type ReadBefore } from '@/core/simulation/nextBlock';
import { createProbeCache } from '@/core/simulation/probe';
import { type BatchSending, type SimulateOptions, simulateTransaction } from '@/core/simulation/simulate';
import { type BatchCall, type CallsSimulation, simulateCalls } from '@/core/simulation/simulateCalls';
import type { SimulationResult, UnsignedTransaction } from '@/core/simulation/types';
import type { PlannedBatch } from '@/core/smartAccount/atomicSend';
import { type AtomicBatch, plannedGas, simulateAtomicBatch } from '@/core/smartAccount/batchPreview';
import { keepAbilities, readKeptAbilities } from '../stores/keptAbilities';
import { chainKeys, currentHead } from './chainQueries';
import { txKeys } from './txQueries';

/**
 * Which strategy each node offers, probed once per session, and kept between windows and visits
 * (keptAbilities): a site's window, new for each request, takes what another window found.
 */
const probeCache = createProbeCache();
/** The entries of probeCache taken from what another window kept, not probed here. */
const keptHere = new WeakSet<Promise<unknown>>();

/**
 * Runs a preview with what another window found of the node (when this one has nothing), then
 * keeps what is known after it. A preview that fails on kept abilities forgets them, here and
 * for every window, so the node is probed again (it may have changed under the same URL).
 */
async function withKeptAbilities<T>(client: ChainClient, preview: () => Promise<T>): Promise<T> {
  const key = nodeKey(client);
  if (!probeCache.has(key)) {
    const kept = readKeptAbilities(key);
    if (kept) {
      const found = Promise.resolve(kept);
      keptHere.add(found);
      probeCache.set(key, found);
    }
  }
  try {
    const result = await preview();
    const known = await probeCache.get(key)?.catch(() => undefined);
    if (known && JSON.stringify(known) !== JSON.stringify(readKeptAbilities(key))) keepAbilities(key, known);
    return result;
  } catch (error) {
    const used = probeCache.get(key);
    if (used && keptHere.has(used)) {
      probeCache.delete(key);
      keepAbilities(key, undefined);
    }
    throw error;
  }
}

const text = (value: bigint | number | undefined) => (value === undefined ? undefined : value.toString());
const sendingKey = (sending: BatchSending | undefined) =>
  sending ? [text(sending.gas), sending.nonce, Object.values(sending.fees).map(text)] : null;

export const simulationKeys = {
  preview: (network: Network, tx: UnsignedTransaction, own: readonly Address[]) =>
    [
      ...chainKeys.network(network),
      'preview',
      tx.from.toLowerCase(),
      tx.to?.toLowerCase() ?? null,
      text(tx.value),
      tx.data ?? '0x',
      text(tx.gas),
      text(tx.nonce),
      [text(tx.maxFeePerGas), text(tx.maxPriorityFeePerGas), text(tx.gasPrice)],
      own.map((a) => a.toLowerCase()),
    ] as const,
  calls: (
    network: Network,
    from: Address,
    calls: readonly BatchCall[],
    own: readonly Address[],
    sending: BatchSending | undefined,
  ) =>
    [
      ...chainKeys.network(network),
      'calls-preview',
      from.toLowerCase(),
      calls.map((c) => [c.to?.toLowerCase() ?? null, text(c.value), c.data]),
      own.map((a) => a.toLowerCase()),
      sendingKey(sending),
    ] as const,
  atomic: (
    network: Network,
    { account, calls, tx }: AtomicBatch,
    own: readonly Address[],
    sending: BatchSending | undefined,
  ) =>
    [
      ...chainKeys.network(network),
      'atomic-preview',
      account.toLowerCase(),
      calls.map((c) => [c.to.toLowerCase(), text(c.value), c.data]),
      [tx.from.toLowerCase(), tx.to?.toLowerCase() ?? null, text(tx.value), tx.data ?? '0x'],
      (tx.upgrades ?? []).map((u) => [u.authority.toLowerCase(), u.delegate.toLowerCase()]),
      own.map((a) => a.toLowerCase()),
      sendingKey(sending),
    ] as const,
  prices: (network: Network) => [...chainKeys.network(network), 'preview-prices'] as const,
};

/** A transaction's preview and the facts about the addresses it involves. */
export type TransactionPreview = { result: SimulationResult; facts: EffectFacts };

/**
 * What the preview needs besides the transaction: the person's accounts, ABIs and tokens. In a
 * site's window `own` is the request's account alone and `watchTokens` the network's listed tokens
 * (see usePreviewContext): nothing the preview reads names what the site was not granted.
 */
export type PreviewContext = {
  own: readonly Address[];
  savedAbis: readonly SavedAbi[];
  contractAbis: readonly Abi[];
  /** Tokens whose balances a preview without logs (eth_call) watches. */
  watchTokens: readonly Address[];
};

/**
 * What `tx` would do if mined in the next block, simulated on the person's own node (see
 * simulateTransaction), then the code and NFT-receiver facts its warnings need. Never retried: a
 * failure is shown as such and does not hold the review back. Read again by the review at each
 * new block (refetch), not by time. What the chain is now is not asked again where it is known
 * (knownNow): the shared head's block, a fee market of that block, and what `before` (the prepared
 * send) read, while no older than the head.
 */
export function transactionPreviewQuery(
  network: Network,
  tx: UnsignedTransaction,
  context: PreviewContext,
  before?: ReadBefore | undefined,
) {
  return queryOptions({
    queryKey: simulationKeys.preview(network, tx, context.own),
    queryFn: ({ client, queryKey }): Promise<TransactionPreview> =>
      preview(
        network,
        context,
        (chain, options) => simulateTransaction(chain, tx, options),
        client.getQueryData<TransactionPreview>(queryKey),
        knownNow(client, network, before),
      ),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Simulates on the person's node with their ABIs and tokens, then reads the facts the warnings
 * need (previewWithFacts: not again when the `previous` preview of the same content needed the same).
 */
function preview<R extends SimulationResult>(
  network: Network,
  context: PreviewContext,
  simulate: (client: ChainClient, options: SimulateOptions) => Promise<R>,
  previous: PreviewWithFacts | undefined,
  known: SimulateOptions['known'],
  sending?: BatchSending,
): Promise<PreviewWithFacts<R>> {
  const client = chainClient(network);
  const options: SimulateOptions = {
    cache: probeCache,
    savedAbis: context.savedAbis,
    contractAbis: context.contractAbis,
    watch: { tokens: context.watchTokens },
    blockSeconds: network.blockTimeMs / 1000,
    sending,
    known,
  };
  return withKeptAbilities(client, () =>
    previewWithFacts(client, context.own, () => simulate(client, options), previous),
  );
}

/**
 * What a preview may take as read rather than ask the node (knownReads): the shared head's block
 * from this cache while it is still the chain's head (currentHead), `before`'s reads while no older than it, and the next base fee from a fee
 * market read at that very block (`before`'s or the fee market query's).
 */
export function knownNow(cache: QueryClient, network: Network, before: ReadBefore | undefined) {
  const head = currentHead(cache, network);
  const market = cache.getQueryData<FeeMarket>(txKeys.feeMarket(network));
  return knownReads(head?.status === 'ok' ? head.block : undefined, before, [market]);
}

/** A batch's combined preview (simulateCalls) and the facts its warnings need. */
/**
 * A batch's combined preview and the facts its warnings need; for an atomic batch, `transaction`:
 * the one transaction its preview ran (the proof checks run that one too, see checkPreview).
 */
export type CallsPreview = { result: CallsSimulation; facts: EffectFacts; transaction?: UnsignedTransaction };

/**
 * What a batch of calls would do, sent one after another from `from` (see simulateCalls), the
 * first as prepared to be sent (`sending`: its fees, limit and nonce). Never retried.
 */
export function callsPreviewQuery(
  network: Network,
  from: Address,
  calls: readonly BatchCall[],
  context: PreviewContext,
  sending: BatchSending | undefined,
) {
  return queryOptions({
    queryKey: simulationKeys.calls(network, from, calls, context.own, sending),
    queryFn: ({ client, queryKey }): Promise<CallsPreview> =>
      preview(
        network,
        context,
        (chain, options) => simulateCalls(chain, from, calls, options),
        client.getQueryData<CallsPreview>(queryKey),
        knownNow(client, network, undefined),
        sending,
      ),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * What an atomic batch would do, previewed as its one transaction with the delegate's code at the
 * account (see simulateAtomicBatch), the transaction as prepared (`sending`). Never retried.
 */
export function atomicPreviewQuery(
  network: Network,
  batch: AtomicBatch,
  context: PreviewContext,
  sending: BatchSending | undefined,
) {
  return queryOptions({
    queryKey: simulationKeys.atomic(network, batch, context.own, sending),
    queryFn: async ({ client, queryKey }): Promise<CallsPreview> => {
      const previewed = await preview(
        network,
        context,
        (chain, options) => simulateAtomicBatch(chain, batch, options),
        client.getQueryData<CallsPreview>(queryKey),
        knownNow(client, network, undefined),
        sending,
      );
      const transaction = { ...batch.tx, gas: sending?.gas };
      return { ...previewed, transaction };
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The gas of a planned batch whose upgrade Confirm signs (plannedGas), read with the probe this
 * window keeps for its previews.
 */
export function plannedBatchGas(network: Network, plan: PlannedBatch): Promise<bigint> {
  const client = chainClient(network);
  const options: SimulateOptions = { cache: probeCache, blockSeconds: network.blockTimeMs / 1000 };
  return withKeptAbilities(client, () => plannedGas(client, plan, options));
}

/** How often the preview's dollar values are read again. */
const PRICES_STALE_MS = 60_000;

/**
 * The network's price feeds, for the dollar values beside a preview's changes: no account and no
 * token is named in the read (the site's window must not learn of the person's other accounts).
 */
export function previewPricesQuery(network: Network) {
  return queryOptions({
    queryKey: simulationKeys.prices(network),
    queryFn: async () => {
      const request = { accounts: [], tokens: [], feeds: priceFeedsFor(network) };
      // Multicall3's code is checked once per network: not again when another read found it.
      const client = chainClient(network);
      const { snapshot } = await readPortfolio(client, request, knownMulticall(client));
      return snapshot.prices;
    },
    enabled: priceFeedsFor(network).length > 0,
    retry: false,
    staleTime: PRICES_STALE_MS,
  });
}
