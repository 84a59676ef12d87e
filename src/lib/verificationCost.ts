import type { Network } from '@/core/chain/networks';
import { chainKeys } from './queries/chainQueries';

/** What the last check on a network cost, for Settings: its requests and time, and the plain read's time. */
export type CheckCost = { requests: number; ms: number; readMs: number | undefined };

const costs = new Map<string, CheckCost>();
const readTimes = new Map<string, number>();
const nodeOf = (network: Network) => chainKeys.network(network).join('|');

/** Notes how long a plain balances read took (portfolioQuery). */
export function noteBalancesRead(network: Network, ms: number): void {
  readTimes.set(nodeOf(network), ms);
}

/** Notes what a check of the balances cost (balanceCheckQuery), beside the last plain read. */
export function noteCheckCost(network: Network, requests: number, ms: number): void {
  const node = nodeOf(network);
  costs.set(node, { requests, ms, readMs: readTimes.get(node) });
}

/** What the last check on the network cost in this window, if one ran. */
export const lastCheckCost = (network: Network): CheckCost | undefined => costs.get(nodeOf(network));
