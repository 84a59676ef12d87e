// What a network's node was asked while its history was followed (bench/historyAcross.ts), from a
// counting proxy's log: per new block, HTTP requests, eth_getLogs calls, and the HTTP requests
// that carried eth_getLogs (a history pass sends its three filters in one batch).
import type { SeenCall } from '../src/testing/rpcFaultProxy.ts';

export type HistoryRequests = {
  requests: number;
  calls: Record<string, number>;
  /** eth_getLogs calls. */
  logCalls: number;
  /** HTTP requests carrying at least one eth_getLogs. */
  logRequests: number;
};

export type NetworkBlocks = HistoryRequests & { blocks: number };

/** Counts of `log` (every call the proxy saw, with its request) over `requests` HTTP requests. */
export function historyRequests(
  log: readonly Pick<SeenCall, 'method' | 'request'>[],
  requests: number,
): HistoryRequests {
  const calls: Record<string, number> = {};
  for (const call of log) calls[call.method] = (calls[call.method] ?? 0) + 1;
  const logs = log.filter((call) => call.method === 'eth_getLogs');
  return { requests, calls, logCalls: logs.length, logRequests: new Set(logs.map((call) => call.request)).size };
}

/** One network's line: per new block, with the verdict on HTTP requests carrying eth_getLogs. */
export function perNetworkBlock(label: string, counts: NetworkBlocks, budget: number): string {
  const per = (n: number) => (counts.blocks > 0 ? n / counts.blocks : 0);
  const logRequests = per(counts.logRequests);
  const methods = Object.entries(counts.calls)
    .sort((a, b) => b[1] - a[1])
    .map(([method, n]) => `${method} ${per(n).toFixed(2)}`)
    .join(', ');
  return [
    `  ${label}: ${counts.blocks} new blocks`,
    `    per new block: ${per(counts.requests).toFixed(2)} HTTP requests, ${per(counts.logCalls).toFixed(2)} eth_getLogs calls in ${logRequests.toFixed(2)} requests   budget ≤ ${budget} request with eth_getLogs: ${counts.blocks > 0 && logRequests <= budget ? 'within budget' : 'OVER BUDGET'}`,
    `    by method: ${methods || 'none'}`,
  ].join('\n');
}
