import { queryOptions } from '@tanstack/react-query';
import type { Abi, Address } from 'viem';
import { type ChainClient, chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { type EffectFacts, factsNeeded } from '@/core/simulation/effects';
import { readEffectFacts } from '@/core/simulation/facts';
import { createProbeCache } from '@/core/simulation/probe';
import { type SimulateOptions, simulateTransaction } from '@/core/simulation/simulate';
import { type BatchCall, type CallsSimulation, simulateCalls } from '@/core/simulation/simulateCalls';
import type { SimulationResult, UnsignedTransaction } from '@/core/simulation/types';
import { chainKeys } from './chainQueries';

/** Which strategy each node offers, probed once per session. */
const probeCache = createProbeCache();

const text = (value: bigint | number | undefined) => (value === undefined ? undefined : value.toString());

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
      own.map((a) => a.toLowerCase()),
    ] as const,
  calls: (network: Network, from: Address, calls: readonly BatchCall[], own: readonly Address[]) =>
    [
      ...chainKeys.network(network),
      'calls-preview',
      from.toLowerCase(),
      calls.map((c) => [c.to.toLowerCase(), text(c.value), c.data]),
      own.map((a) => a.toLowerCase()),
    ] as const,
};

/** A transaction's preview and the facts about the addresses it involves. */
export type TransactionPreview = { result: SimulationResult; facts: EffectFacts };

/** What the preview needs besides the transaction: the person's accounts, ABIs and tokens. */
export type PreviewContext = {
  own: readonly Address[];
  savedAbis: readonly SavedAbi[];
  contractAbis: readonly Abi[];
  /** The person's tokens on this network: what a preview without logs (eth_call) watches. */
  watchTokens: readonly Address[];
};

/**
 * What `tx` would do if mined now, simulated on the person's own node (see simulateTransaction),
 * then the code and NFT-receiver facts its warnings need. Never retried: a failure is shown as
 * such and does not hold the review back.
 */
export function transactionPreviewQuery(network: Network, tx: UnsignedTransaction, context: PreviewContext) {
  return queryOptions({
    queryKey: simulationKeys.preview(network, tx, context.own),
    queryFn: (): Promise<TransactionPreview> =>
      previewWithFacts(network, context, (client, options) => simulateTransaction(client, tx, options)),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Simulates on the person's node with their ABIs and tokens, then reads the facts the warnings need. */
async function previewWithFacts<R extends SimulationResult>(
  network: Network,
  context: PreviewContext,
  simulate: (client: ChainClient, options: SimulateOptions) => Promise<R>,
): Promise<{ result: R; facts: EffectFacts }> {
  const client = chainClient(network);
  const result = await simulate(client, {
    cache: probeCache,
    savedAbis: context.savedAbis,
    contractAbis: context.contractAbis,
    watch: { tokens: context.watchTokens },
  });
  return { result, facts: await readEffectFacts(client, factsNeeded(result, context.own)) };
}

/** A batch's combined preview (simulateCalls) and the facts its warnings need. */
export type CallsPreview = { result: CallsSimulation; facts: EffectFacts };

/** What a site's batch of calls would do, sent one after another from `from` (see simulateCalls). Never retried. */
export function callsPreviewQuery(
  network: Network,
  from: Address,
  calls: readonly BatchCall[],
  context: PreviewContext,
) {
  return queryOptions({
    queryKey: simulationKeys.calls(network, from, calls, context.own),
    queryFn: (): Promise<CallsPreview> =>
      previewWithFacts(network, context, (client, options) => simulateCalls(client, from, calls, options)),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
