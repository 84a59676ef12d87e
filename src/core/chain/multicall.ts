import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  hexToBigInt,
  keccak256,
  parseAbi,
} from 'viem';
import { call } from 'viem/actions';
import type { ChainClient } from './client';
import { MULTICALL3_ADDRESS, MULTICALL3_CODE_HASH } from './localChain';
import { toChainError } from './toChainError';

export const multicall3Abi = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function getBlockNumber() view returns (uint256 blockNumber)',
  'function getCurrentBlockTimestamp() view returns (uint256 timestamp)',
]);

export { MULTICALL3_ADDRESS };

/** Calls per aggregate3: about 225 KB of calldata and well under common eth_call gas caps. */
export const MAX_CALLS_PER_AGGREGATE = 1000;

export type Call3 = { target: Address; allowFailure: boolean; callData: Hex };

/**
 * The Multicall3 a client reads through: its network's own where its facts name one
 * (Network.multicall, ZKsync Era's), else the canonical address.
 */
export function multicallAddress(client: Pick<ChainClient, 'chain'>): Address {
  // A bare test client may have no chain: the canonical address.
  return client.chain?.contracts?.multicall3?.address ?? MULTICALL3_ADDRESS;
}

/**
 * Whether `code`, found at `address`, is a Multicall3 whose answers are trusted. At the canonical
 * address only the canonical code is: any contract could sit there on some chain. At a network's
 * own address (from its generated facts) no code hash is recorded (see localChain.ts), so code
 * being there is what is checked.
 */
export function isTrustedMulticall(code: Hex | undefined, address: Address = MULTICALL3_ADDRESS): boolean {
  if (code === undefined || code === '0x') return false;
  const canonical = address.toLowerCase() === MULTICALL3_ADDRESS.toLowerCase();
  return !canonical || keccak256(code) === MULTICALL3_CODE_HASH;
}

/** Splits calls into aggregate3-sized chunks. */
export function chunkCalls<T>(calls: readonly T[], size = MAX_CALLS_PER_AGGREGATE): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < calls.length; i += size) chunks.push(calls.slice(i, i + size));
  return chunks;
}

/**
 * What one call gave: its answer, or that it reverted and whether it said why. Inside aggregate3
 * an empty revert may be a sub-call that ran out of gas; a plain eth_call that runs out of gas is
 * an error of its own, so there a revert always says why.
 */
export type CallOutcome = { ok: true; data: Hex | undefined } | { ok: false; saidWhy: boolean };

/** Multicall3's own getBlockNumber(), as a call of an aggregate3 through the one at `target`. */
const blockNumberCall = (target: Address): Call3 => ({
  target,
  allowFailure: false,
  callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getBlockNumber' }),
});

/** One aggregate3 eth_call of `chunk`, at `blockNumber` or the latest: each call's outcome. */
async function aggregateOnce(client: ChainClient, chunk: readonly Call3[], blockNumber?: bigint) {
  const { data } = await call(client, {
    blockNumber,
    to: multicallAddress(client),
    data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [chunk] }),
  });
  if (!data) throw new Error('aggregate3 returned no data');
  return decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data }).map(
    (r): CallOutcome =>
      r.success ? { ok: true, data: r.returnData } : { ok: false, saidWhy: r.returnData.length >= 10 },
  );
}

/** A call's answer's first ABI word as an unsigned integer, or undefined when it returned none. */
export function firstWord(data: Hex | undefined): bigint | undefined {
  if (!data || data.length < 66) return undefined;
  return hexToBigInt(`0x${data.slice(2, 66)}`);
}

/** The block a chunk that begins with blockNumberCall read. */
function blockOf(chunk: readonly CallOutcome[]): bigint | undefined {
  const [first] = chunk;
  return first?.ok ? firstWord(first.data) : undefined;
}

/**
 * Makes `calls` through Multicall3's aggregate3, `size` calls per eth_call, all issued together
 * (the client sends them as one JSON-RPC batch), at `blockNumber` or the latest. Every call is of
 * one block: at the latest, each of several eth_calls also asks Multicall3 its block number, and
 * one that read a newer block than the first is asked again at the first's (one more request,
 * only when the head moved between them). Through the client's network's Multicall3
 * (multicallAddress), which the caller has checked is there (isTrustedMulticall). Each call's
 * outcome, in order. Throws what the node throws.
 */
export async function aggregate3(
  client: ChainClient,
  calls: readonly Call3[],
  size = MAX_CALLS_PER_AGGREGATE,
  blockNumber?: bigint,
): Promise<CallOutcome[]> {
  if (calls.length <= size || blockNumber !== undefined) {
    const chunks = await Promise.all(chunkCalls(calls, size).map((chunk) => aggregateOnce(client, chunk, blockNumber)));
    return chunks.flat();
  }
  const numbered = chunkCalls(calls, size - 1).map((chunk) => [blockNumberCall(multicallAddress(client)), ...chunk]);
  const outcomes = await Promise.all(numbered.map((chunk) => aggregateOnce(client, chunk)));
  const first = blockOf(outcomes[0] ?? []);
  if (first === undefined) throw new Error('aggregate3 gave no block number');
  await Promise.all(
    outcomes.map(async (chunk, i) => {
      if (blockOf(chunk) !== first) outcomes[i] = await aggregateOnce(client, numbered[i] as Call3[], first);
    }),
  );
  return outcomes.flatMap((chunk) => chunk.slice(1));
}

/**
 * The same calls without Multicall3: plain eth_calls issued together (one JSON-RPC batch). A call
 * that reverts is an outcome; any other failure of the node throws.
 */
export async function plainCalls(
  client: ChainClient,
  calls: readonly Call3[],
  blockNumber?: bigint,
): Promise<CallOutcome[]> {
  return Promise.all(
    calls.map(async (c): Promise<CallOutcome> => {
      try {
        return { ok: true, data: (await call(client, { blockNumber, to: c.target, data: c.callData })).data };
      } catch (error) {
        if (toChainError(error).code !== 'CHAIN_REVERTED') throw error;
        return { ok: false, saidWhy: true };
      }
    }),
  );
}
