import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from 'viem';
import { call } from 'viem/actions';
import { type Call3, chunkCalls, MULTICALL3_ADDRESS, multicall3Abi } from '../assets/multicall';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import type { RoundRead } from './rounds';

export const roundDataAbi = parseAbi([
  'function getRoundData(uint80 roundId) view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

/** A price feed proxy's round reads cost ~10–20k gas each: half a full aggregate keeps an eth_call under 15M gas. */
const ROUND_CALLS_PER_AGGREGATE = 500;

export type RoundReads = { feed: Address; ids: readonly bigint[] };

/** A round as the feed answered it; no data (a revert, a never-answered round, a non-positive answer) is null. */
function toRound(id: bigint, data: Hex | undefined): RoundRead {
  if (!data || data.length < 2 + 64 * 5) return null;
  const [, answer, , updatedAt] = decodeFunctionResult({ abi: roundDataAbi, functionName: 'getRoundData', data });
  if (answer <= 0n || updatedAt === 0n) return null;
  return { id, answer, updatedAt: Number(updatedAt) };
}

/**
 * Reads rounds of several feeds with `getRoundData`: through Multicall3 in aggregate3 calls of
 * 500 sent as one JSON-RPC batch (one HTTP request), or, without Multicall3, as a batch of plain
 * calls. A round the feed has no data for reads as null; a failure of the node throws.
 *
 * Errors: ChainError (CHAIN_UNREACHABLE, CHAIN_TIMEOUT, CHAIN_RATE_LIMITED, …).
 */
export async function readRounds(
  client: ChainClient,
  requests: readonly RoundReads[],
  multicall: boolean,
): Promise<Map<string, Map<bigint, RoundRead>>> {
  const planned = requests.flatMap(({ feed, ids }) => ids.map((id) => ({ feed, id })));
  const calls: Call3[] = planned.map(({ feed, id }) => ({
    target: feed,
    allowFailure: true,
    callData: encodeFunctionData({ abi: roundDataAbi, functionName: 'getRoundData', args: [id] }),
  }));
  let answers: (Hex | undefined)[];
  try {
    answers = multicall ? await viaMulticall(client, calls) : await viaPlainCalls(client, calls);
  } catch (error) {
    throw toChainError(error);
  }
  const out = new Map<string, Map<bigint, RoundRead>>();
  planned.forEach(({ feed, id }, i) => {
    const key = feed.toLowerCase();
    const reads = out.get(key) ?? new Map<bigint, RoundRead>();
    reads.set(id, toRound(id, answers[i]));
    out.set(key, reads);
  });
  return out;
}

async function viaMulticall(client: ChainClient, calls: Call3[]): Promise<(Hex | undefined)[]> {
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
  return chunks.flat().map((r) => (r.success ? r.returnData : undefined));
}

/** Plain calls, issued together so the client sends them as one batch; only a revert means "no data". */
async function viaPlainCalls(client: ChainClient, calls: Call3[]): Promise<(Hex | undefined)[]> {
  return Promise.all(
    calls.map(async (c) => {
      try {
        return (await call(client, { to: c.target, data: c.callData })).data;
      } catch (error) {
        if (toChainError(error).code === 'CHAIN_REVERTED') return undefined;
        throw error;
      }
    }),
  );
}
