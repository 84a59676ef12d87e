import { getCode } from 'viem/actions';
import { type ChainClient, nodeKey } from './client';
import { isCanonicalMulticall, MULTICALL3_ADDRESS } from './multicall';
import { toChainError } from './toChainError';

// One probe of Multicall3 per node, shared by every reader (portfolio, approvals, swap, prices):
// whether the canonical Multicall3 is at its address is asked once (one eth_getCode, beside the
// first read's own aggregate3) and kept for the session. A node is the network's chain id and RPC
// URLs, as chainClient builds its clients, so a network's prompt and background clients share it
// and a network whose URLs change is asked afresh.

const known = new Map<string, boolean>();
const asking = new Map<string, Promise<boolean>>();

/** What is known of the node's Multicall3: true or false once a probe or a read found it, undefined before. */
export const knownMulticall = (client: ChainClient): boolean | undefined => known.get(nodeKey(client));

/**
 * Keeps what a read found of the node's Multicall3: one whose aggregate3 failed beside canonical
 * code, so its reads go without it (readPortfolio).
 */
export function noteMulticall(client: ChainClient, found: boolean): void {
  known.set(nodeKey(client), found);
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
        known.set(node, found);
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
