import { type Address, decodeFunctionResult, encodeFunctionData } from 'viem';
import type { ChainClient } from '../chain/client';
import { aggregate3, type Call3, type CallOutcome, plainCalls } from '../chain/multicall';
import { toChainError } from '../chain/toChainError';
import { feedAbi } from './feedAbi';
import type { RoundReadResult } from './rounds';

/** A price feed proxy's round reads cost ~10–20k gas each: half a full aggregate keeps an eth_call under 15M gas. */
const ROUND_CALLS_PER_AGGREGATE = 500;

export type RoundReads = { feed: Address; ids: readonly bigint[] };

/**
 * A round from its call: the round; null when the feed said it has none (a revert that carries
 * a reason or an error, an answer of 0 or below, a round never updated); 'unclear' when the call
 * failed without saying why (an empty revert, as when it ran out of gas) or its answer was cut.
 */
export function toRoundRead(id: bigint, outcome: CallOutcome): RoundReadResult {
  if (!outcome.ok) return outcome.saidWhy ? null : 'unclear';
  const data = outcome.data;
  if (!data || data.length < 2 + 64 * 5) return 'unclear';
  const [, answer, , updatedAt] = decodeFunctionResult({ abi: feedAbi, functionName: 'getRoundData', data });
  if (answer <= 0n || updatedAt === 0n) return null;
  return { id, answer, updatedAt: Number(updatedAt) };
}

/**
 * Reads rounds of several feeds with `getRoundData`: through Multicall3 in aggregate3 calls of
 * 500 sent as one JSON-RPC batch (one HTTP request), or, without Multicall3, as a batch of plain
 * calls. A failure of the node throws.
 *
 * Errors: ChainError (CHAIN_UNREACHABLE, CHAIN_TIMEOUT, CHAIN_RATE_LIMITED, …).
 */
export async function readRounds(
  client: ChainClient,
  requests: readonly RoundReads[],
  multicall: boolean,
): Promise<Map<string, Map<bigint, RoundReadResult>>> {
  const planned = requests.flatMap(({ feed, ids }) => ids.map((id) => ({ feed, id })));
  const calls: Call3[] = planned.map(({ feed, id }) => ({
    target: feed,
    allowFailure: true,
    callData: encodeFunctionData({ abi: feedAbi, functionName: 'getRoundData', args: [id] }),
  }));
  let outcomes: CallOutcome[];
  try {
    outcomes = multicall ? await aggregate3(client, calls, ROUND_CALLS_PER_AGGREGATE) : await plainCalls(client, calls);
  } catch (error) {
    throw toChainError(error);
  }
  const out = new Map<string, Map<bigint, RoundReadResult>>();
  planned.forEach(({ feed, id }, i) => {
    const key = feed.toLowerCase();
    const reads = out.get(key) ?? new Map<bigint, RoundReadResult>();
    reads.set(id, toRoundRead(id, outcomes[i] ?? { ok: false, saidWhy: false }));
    out.set(key, reads);
  });
  return out;
}
