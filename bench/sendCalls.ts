// The JSON-RPC calls of one send, as the counting proxy saw them, against the budget of issue 35:
// from opening Send (or a site's eth_sendTransaction) to the mempool, at most CALLS_BUDGET calls
// beyond the block polling. The polling is the shared head's ask, eth_getBlockByNumber('latest',
// true) on the local chain (its history is read from blocks, so the head asks for their
// transactions); every other call counts, eth_getBlockByNumber('latest', false) included.
import { createPublicClient, http } from 'viem';
import { hardhat } from 'viem/chains';
import type { RpcFaultProxy, SeenCall } from '../src/testing/rpcFaultProxy.ts';
import { median } from './stats.ts';
import { PAGE_WAIT_MS, until } from './wait.ts';

export const CALLS_BUDGET = 15;

/** The shared head's ask, as every Cairn window polls it on the local chain. */
export function isHeadPoll(call: Pick<SeenCall, 'method' | 'params'>): boolean {
  return call.method === 'eth_getBlockByNumber' && call.params[0] === 'latest' && call.params[1] === true;
}

/** One send's calls: by method, in all, and beyond the head's polling. */
export type SendCalls = { byMethod: Record<string, number>; total: number; polls: number; beyond: number };

/** The calls of `log` up to the broadcast, eth_sendRawTransaction included (all of them without one). */
function toBroadcast(log: readonly SeenCall[]): readonly SeenCall[] {
  const broadcast = log.findIndex((call) => call.method === 'eth_sendRawTransaction');
  return broadcast < 0 ? log : log.slice(0, broadcast + 1);
}

/**
 * Counts the calls of `log` up to the broadcast (eth_sendRawTransaction included): once the node
 * has answered it, the transaction is in its mempool, and what follows (tracking it, the site
 * reading its receipt) is not part of getting it there.
 */
export function countCalls(log: readonly SeenCall[]): SendCalls {
  const calls = toBroadcast(log);
  const byMethod: Record<string, number> = {};
  let polls = 0;
  for (const call of calls) {
    const name = isHeadPoll(call) ? 'eth_getBlockByNumber (head poll)' : call.method;
    byMethod[name] = (byMethod[name] ?? 0) + 1;
    if (isHeadPoll(call)) polls++;
  }
  return { byMethod, total: calls.length, polls, beyond: calls.length - polls };
}

/**
 * The calls of `log` up to the broadcast, one a line with their time and parameters (cut short),
 * for BENCH_SEND_CALLS: where a figure over budget comes from.
 */
export function callListing(log: readonly SeenCall[], indent = '      '): string[] {
  const calls = toBroadcast(log);
  const start = calls[0]?.at ?? 0;
  return calls.map((call) => {
    const params = JSON.stringify(call.params);
    const shown = params.length > 160 ? `${params.slice(0, 160)}…` : params;
    return `${indent}${(call.at - start).toFixed(0).padStart(6)} ms  ${call.method} ${shown}`;
  });
}

/** The figure lines of a series of sends: medians, the last run by method, and the budget's verdict. */
export function callLines(runs: readonly SendCalls[], indent = '    '): string[] {
  const last = runs.at(-1);
  const beyond = median(runs.map((r) => r.beyond));
  const byMethod = last
    ? Object.entries(last.byMethod)
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([method, n]) => `${method} ${n}`)
        .join(', ')
    : '—';
  return [
    `${indent}JSON-RPC calls   ${median(runs.map((r) => r.total))} in all, ${median(runs.map((r) => r.polls))} of them head polls (median)`,
    `${indent}beyond block polling   ${beyond} (median; runs ${runs.map((r) => r.beyond).join(', ')})   budget ${CALLS_BUDGET}: ${beyond <= CALLS_BUDGET ? 'within budget' : 'OVER BUDGET'}`,
    `${indent}calls by method (last run)   ${byMethod}`,
  ];
}

/** How long the node must hear nothing but head polls before a send is counted. */
const QUIET_MS = 1_500;

/**
 * Waits until what the last block set off (history, balances, receipts) has ended: the proxy saw
 * only head polls for QUIET_MS. A send counted before that would count them as its own.
 */
export function settled(proxy: RpcFaultProxy): Promise<void> {
  return until(`the node to hear only head polls for ${QUIET_MS} ms`, PAGE_WAIT_MS, async () => {
    const last = [...proxy.log].reverse().find((call) => !isHeadPoll(call));
    return last === undefined || performance.now() - last.at >= QUIET_MS;
  });
}

/** Resolves when the node's pending nonce of `from` passes `before`: the transaction is in its mempool. */
export function inMempool(nodeUrl: string, from: `0x${string}`, before: number): Promise<void> {
  const node = createPublicClient({ chain: hardhat, transport: http(nodeUrl) });
  return until(
    `the node's pending nonce of ${from} to pass ${before} (the transaction in its mempool)`,
    PAGE_WAIT_MS,
    async () => (await node.getTransactionCount({ address: from, blockTag: 'pending' })) > before,
    2,
  );
}
