// Counting what following the chain costs the node, block by block: blocks mined at a steady
// pace, the calls and HTTP requests a counting proxy saw meanwhile, per new block, against the
// budget (the idle section, bench/idle.ts and bench/idleRpcChange.ts).
import type { RpcFaultProxy } from '../src/testing/rpcFaultProxy.ts';

export const CALLS_BUDGET = 6;
export const REQUESTS_BUDGET = 2;
export type Counts = { blocks: number; requests: number; calls: Record<string, number>; ms: number };

export const sum = (calls: Record<string, number>) => Object.values(calls).reduce((a, b) => a + b, 0);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function mineBlock(chainUrl: string): Promise<void> {
  await fetch(chainUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
  });
}

export async function mineEvery(chainUrl: string, blocks: number, blockMs: number): Promise<void> {
  for (let i = 0; i < blocks; i++) {
    await sleep(blockMs);
    await mineBlock(chainUrl);
  }
}

export type SteadyMiner = {
  /** Resolves once the next block is mined. */
  next(): Promise<void>;
  stop(): Promise<void>;
};

/** A block every `blockMs` until stopped, whatever the person is doing meanwhile (as a chain goes on). */
export function steadyMiner(chainUrl: string, blockMs: number): SteadyMiner {
  let stopped = false;
  const waiting: (() => void)[] = [];
  const mining = (async () => {
    while (!stopped) {
      await sleep(blockMs);
      if (stopped) break;
      await mineBlock(chainUrl);
      for (const mined of waiting.splice(0)) mined();
    }
  })();
  return {
    next: () => new Promise<void>((mined) => waiting.push(mined)),
    async stop() {
      stopped = true;
      await mining;
    },
  };
}

/** What `blocks` blocks of `miner` bring, from the next one mined (up to half a block time after the last). */
export async function countBlocks(
  proxy: RpcFaultProxy,
  miner: SteadyMiner,
  blocks: number,
  blockMs: number,
): Promise<Counts> {
  await miner.next();
  proxy.resetCounts();
  const start = Date.now();
  for (let i = 1; i < blocks; i++) await miner.next();
  await sleep(blockMs / 2);
  return { blocks, requests: proxy.requests, calls: { ...proxy.calls }, ms: Date.now() - start };
}

export async function measure(
  proxy: RpcFaultProxy,
  chainUrl: string,
  blocks: number,
  blockMs: number,
): Promise<Counts> {
  proxy.resetCounts();
  const start = Date.now();
  await mineEvery(chainUrl, blocks, blockMs);
  // The last block is counted with what it brought.
  await sleep(blockMs / 2);
  return { blocks, requests: proxy.requests, calls: { ...proxy.calls }, ms: Date.now() - start };
}

export function perBlock(label: string, counts: Counts): string {
  const calls = sum(counts.calls) / counts.blocks;
  const requests = counts.requests / counts.blocks;
  const within = calls <= CALLS_BUDGET && requests <= REQUESTS_BUDGET;
  const methods = Object.entries(counts.calls)
    .sort((a, b) => b[1] - a[1])
    .map(([method, n]) => `${method} ${(n / counts.blocks).toFixed(2)}`)
    .join(', ');
  return [
    `  ${label.padEnd(24)} ${calls.toFixed(2)} calls, ${requests.toFixed(2)} HTTP requests per new block   budget ≤ ${CALLS_BUDGET} and ≤ ${REQUESTS_BUDGET}: ${within ? 'within budget' : 'OVER BUDGET'}`,
    `    by method: ${methods || 'none'}`,
  ].join('\n');
}
