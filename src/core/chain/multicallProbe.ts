import { getCode } from 'viem/actions';
import { type ChainClient, nodeKey } from './client';
import { isCanonicalMulticall, MULTICALL3_ADDRESS } from './multicall';
import { toChainError } from './toChainError';

// One probe of Multicall3 per node, shared by every reader (portfolio, approvals, swap, prices):
// whether the canonical Multicall3 is at its address is asked once (one eth_getCode, beside the
// first read's own aggregate3) and kept for the session. A node is the network's chain id and RPC
// URLs, as chainClient builds its clients, so a network's prompt and background clients share it
// and a network whose URLs change is asked afresh.

/** What is known of a node's Multicall3, and until when (a failed read's mark passes). */
const known = new Map<string, { found: boolean; until?: number }>();

/**
 * How long an aggregate3 that failed beside canonical code keeps every reader of the node from
 * Multicall3: the failure may be a rate limit or a gas cap that passes, and approvals, quotes and
 * prices would otherwise go without it for the rest of the session.
 */
export const FAILED_AGGREGATE_MS = 5 * 60_000;
const asking = new Map<string, Promise<boolean>>();

/** What is known of the node's Multicall3: true or false once a probe or a read found it, undefined before. */
export function knownMulticall(client: ChainClient): boolean | undefined {
  const node = nodeKey(client);
  const kept = known.get(node);
  if (kept?.until !== undefined && Date.now() >= kept.until) {
    known.delete(node);
    return undefined;
  }
  return kept?.found;
}

/**
 * Keeps what a read found of the node's Multicall3: one whose aggregate3 failed beside canonical
 * code, so its reads go without it (readPortfolio) for FAILED_AGGREGATE_MS, then it is asked again.
 */
export function noteMulticall(client: ChainClient, found: boolean): void {
  known.set(nodeKey(client), found ? { found } : { found, until: Date.now() + FAILED_AGGREGATE_MS });
}

/**
 * Whether the node has the canonical Multicall3 now: one eth_getCode at its address, sent at once
 * (so it travels in the batch of a read made beside it) and shared with callers asking meanwhile;
 * the answer is kept (knownMulticall). For a node that had it and may have changed under the same
 * URL (a reset chain). Throws a ChainError.
 */
export function probeMulticall(client: ChainClient): Promise<boolean> {
  const node = nodeKey(client);
  let probe = asking.get(node);
  if (!probe) {
    probe = getCode(client, { address: MULTICALL3_ADDRESS }).then(
      (code) => {
        const found = isCanonicalMulticall(code);
        known.set(node, { found });
        return found;
      },
      (error: unknown) => {
        throw toChainError(error);
      },
    );
    asking.set(node, probe);
    const done = () => asking.delete(node);
    probe.then(done, done);
  }
  return probe;
}

/** Whether the node has the canonical Multicall3: what is known, else probeMulticall. Throws a ChainError. */
export function hasMulticall(client: ChainClient): Promise<boolean> {
  const found = knownMulticall(client);
  return found === undefined ? probeMulticall(client) : Promise.resolve(found);
}
