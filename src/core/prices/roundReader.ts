import { type Address, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { call } from 'viem/actions';
import { type Call3, chunkCalls, MULTICALL3_ADDRESS, multicall3Abi } from '../assets/multicall';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { feedAbi } from './feedAbi';
import type { RoundReadResult } from './rounds';

/** A price feed proxy's round reads cost ~10–20k gas each: half a full aggregate keeps an eth_call under 15M gas. */
const ROUND_CALLS_PER_AGGREGATE = 500;

export type RoundReads = { feed: Address; ids: readonly bigint[] };

/**
 * What one call gave: its answer, or that it reverted and whether it said why. Inside aggregate3
 * an empty revert may be a sub-call that ran out of gas; a plain eth_call that runs out of gas is
 * an error of its own, so there a revert always says the feed refused.
 */
export type CallOutcome = { ok: true; data: Hex | undefined } | { ok: false; saidWhy: boolean };

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
    outcomes = multicall ? await viaMulticall(client, calls) : await viaPlainCalls(client, calls);
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

async function viaMulticall(client: ChainClient, calls: Call3[]): Promise<CallOutcome[]> {
  const chunks = await Promise.all(
    chunkCalls(calls, ROUND_CALLS_PER_AGGREGATE).map(async (chunk) => {
      const { data } = await call(client, {
        to: MULTICALL3_ADDRESS,
        data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [chunk] }),
      });
      if (!data) throw new Error('aggregate3 returned no data');
      return decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data });
    }),
  );
  return chunks
    .flat()
    .map(
      (r): CallOutcome =>
        r.success ? { ok: true, data: r.returnData } : { ok: false, saidWhy: r.returnData.length >= 10 },
    );
}

/** Plain calls, issued together so the client sends them as one batch; a revert is an outcome, any other failure throws. */
async function viaPlainCalls(client: ChainClient, calls: Call3[]): Promise<CallOutcome[]> {
  return Promise.all(
    calls.map(async (c): Promise<CallOutcome> => {
      try {
        return { ok: true, data: (await call(client, { to: c.target, data: c.callData })).data };
      } catch (error) {
        if (toChainError(error).code !== 'CHAIN_REVERTED') throw error;
        return { ok: false, saidWhy: true };
      }
    }),
  );
}
