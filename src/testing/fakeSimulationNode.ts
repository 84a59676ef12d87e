// A node for unit tests of previews: it answers what a preview reads before simulating (the
// latest block, the next base fee, the gas price, the sender's balance), the head (chain id and
// block number) and the check of the previous block's hash under block overrides with the values
// of its block (a test may move it on), and everything else through the test's own function,
// recording every request. As a chain client for core's functions, or behind fetch for what makes
// its own client from a network's URL (a review rendered in a document).
import { type Hex, zeroAddress } from 'viem';
import { type ChainClient, nodeKey } from '../core/chain/client';
import { PREVIOUS_HASH_CODE, PREVIOUS_HASH_INIT } from '../core/simulation/blockOverrideProbe';
import type { NodeAbilities, ProbeCache } from '../core/simulation/probe';

export type FakeBlock = {
  number: bigint;
  hash: Hex;
  timestamp: bigint;
  gasLimit: bigint;
  baseFee: bigint;
  nextBaseFee: bigint;
  mixHash: Hex;
  parentBeaconBlockRoot: Hex;
};

export const FAKE_BLOCK: FakeBlock = {
  number: 100n,
  hash: `0x${'ab'.repeat(32)}`,
  timestamp: 4_000_000_000n,
  gasLimit: 30_000_000n,
  baseFee: 1_000_000_000n,
  nextBaseFee: 1_100_000_000n,
  mixHash: `0x${'7a'.repeat(32)}`,
  parentBeaconBlockRoot: `0x${'be'.repeat(32)}`,
};
export const FAKE_GAS_PRICE = 3_000_000_000n;
export const FAKE_BALANCE = 10n ** 18n;

const CONTEXT_METHODS = new Set([
  'eth_getBlockByNumber',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_blockNumber',
  'eth_chainId',
]);
const hex = (n: bigint): Hex => `0x${n.toString(16)}`;

/** Whether a request is the check of the previous block's hash under block overrides (askPreviousHash). */
export function isPreviousHashCheck({ method, params }: { method: string; params: unknown[] }): boolean {
  if (method === 'eth_call') {
    const overrides = params[2] as Record<string, { code?: string }> | undefined;
    return overrides?.[zeroAddress]?.code === PREVIOUS_HASH_CODE;
  }
  return method === 'debug_traceCall' && (params[0] as { data?: string } | undefined)?.data === PREVIOUS_HASH_INIT;
}

type RpcRequest = { id: number; method: string; params?: unknown[] };

/** A failure as a node answers it: an error object `answer` threw as such, else a server error with its message. */
function rpcError(error: unknown): { code: number; message: string } {
  if (typeof error === 'object' && error !== null && 'code' in error && 'message' in error)
    return error as { code: number; message: string };
  return { code: -32000, message: error instanceof Error ? error.message : String(error) };
}

/**
 * A node that answers the preview's context reads and the head (`chainId`, 1 unless given; the
 * block's number), and any other `method` with what `answer` gives (an Error is thrown, as is
 * what it throws). `simulations` are the requests besides the context reads and the hash checks.
 * `block` is read at every request: a test moves the chain on by changing it (a copy of
 * FAKE_BLOCK). The probe cache returned already knows the node: `abilities` (block overrides
 * applied by default). Under block overrides it gives the previous block's hash, or 0 with
 * `previousHash: 'zero'` (as geth's eth_call and debug_traceCall do); with `previousHash: 'fails'`
 * that check fails once, as a node that is busy for a moment.
 */
export function fakeSimulationNode(
  answer: (method: string, params: unknown[]) => unknown,
  {
    abilities,
    block = FAKE_BLOCK,
    previousHash = 'right',
    chainId = 1,
    balance = FAKE_BALANCE,
  }: {
    abilities?: NodeAbilities;
    block?: FakeBlock;
    previousHash?: 'right' | 'zero' | 'fails';
    chainId?: number;
    /** What eth_getBalance answers for every address. */
    balance?: bigint;
  } = {},
) {
  let hashCheckFails = previousHash === 'fails';
  const asked: { method: string; params: unknown[] }[] = [];
  const client = {
    chain: { id: 1, rpcUrls: { default: { http: ['http://node.test'] } } },
    pollingInterval: 12_000,
    request: async ({ method, params }: { method: string; params: unknown[] }) => {
      asked.push({ method, params });
      if (isPreviousHashCheck({ method, params })) {
        if (hashCheckFails) {
          hashCheckFails = false;
          throw new Error('the node is busy');
        }
        const word = previousHash === 'zero' ? `0x${'0'.repeat(64)}` : block.hash;
        if (method === 'eth_call') return word;
        return {
          structLogs: [
            { op: 'BLOCKHASH', stack: [] },
            { op: 'STOP', stack: [word.slice(2)] },
          ],
        };
      }
      if (method === 'eth_getBlockByNumber') {
        return {
          number: hex(block.number),
          hash: block.hash,
          timestamp: hex(block.timestamp),
          gasLimit: hex(block.gasLimit),
          gasUsed: '0x0',
          baseFeePerGas: hex(block.baseFee),
          mixHash: block.mixHash,
          parentBeaconBlockRoot: block.parentBeaconBlockRoot,
        };
      }
      if (method === 'eth_chainId') return hex(BigInt(chainId));
      if (method === 'eth_blockNumber') return hex(block.number);
      if (method === 'eth_feeHistory')
        return { oldestBlock: hex(block.number), baseFeePerGas: [hex(block.baseFee), hex(block.nextBaseFee)] };
      if (method === 'eth_gasPrice') return hex(FAKE_GAS_PRICE);
      if (method === 'eth_getBalance') return hex(balance);
      const value = answer(method, params);
      if (value instanceof Error) throw value;
      return value;
    },
  } as unknown as ChainClient;
  const cache: ProbeCache = new Map();
  if (abilities !== undefined) cache.set(nodeKey(client), Promise.resolve(abilities));
  const simulations = () => asked.filter((a) => !CONTEXT_METHODS.has(a.method) && !isPreviousHashCheck(a));
  /** The node behind fetch, at whatever URL: single JSON-RPC requests and batches. */
  const fetch = async (_url: unknown, init?: { body?: unknown }): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as RpcRequest | RpcRequest[];
    const one = async ({ id, method, params }: RpcRequest) => {
      try {
        return { jsonrpc: '2.0', id, result: await client.request({ method, params: params ?? [] } as never) };
      } catch (error) {
        return { jsonrpc: '2.0', id, error: rpcError(error) };
      }
    };
    const reply = Array.isArray(body) ? await Promise.all(body.map(one)) : await one(body);
    return new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } });
  };
  return { client, asked, simulations, cache, fetch };
}

/** A node offering `strategy` that applies block overrides (or not, with `overrides: false`). */
export const abilitiesOf = (strategy: NodeAbilities['strategy'], overrides = true): NodeAbilities => ({
  strategy,
  blockOverrides: { call: overrides, trace: overrides },
});
