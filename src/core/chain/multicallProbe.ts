import { getCode } from 'viem/actions';
import { type ChainClient, nodeKey } from './client';
import { isTrustedMulticall, multicallAddress } from './multicall';
import { toChainError } from './toChainError';

// One probe of Multicall3 per node, shared by every reader (portfolio, approvals, swap, prices):
// whether the network's Multicall3 is at its address (the canonical one, or the network's own:
// multicallAddress) is asked once (one eth_getCode, beside the first read's own aggregate3) and
// kept for the session. A node is the network's chain id and RPC URLs, as chainClient builds its
// clients, so a network's prompt and background clients share it and a network whose URLs change
// is asked afresh; with the address asked at, so two networks on one node that look in different
// places do not share an answer.

/** What is known of a node's Multicall3, and until when (a failed read's mark passes). */
const known = new Map<string, { found: boolean; until?: number }>();
const probeKey = (client: ChainClient) => `${nodeKey(client)}|${multicallAddress(client).toLowerCase()}`;

/**
 * How long an aggregate3 that failed beside trusted code keeps every reader of the node from
 * Multicall3: the failure may be a rate limit or a gas cap that passes, and approvals, quotes and
 * prices would otherwise go without it for the rest of the session.
 */
export const FAILED_AGGREGATE_MS = 5 * 60_000;
const asking = new Map<string, Promise<boolean>>();

/** What is known of the node's Multicall3: true or false once a probe or a read found it, undefined before. */
export function knownMulticall(client: ChainClient): boolean | undefined {
  const node = probeKey(client);
  const kept = known.get(node);
  if (kept?.until !== undefined && Date.now() >= kept.until) {
    known.delete(node);
    return undefined;
  }
  return kept?.found;
}

/**
 * Keeps what a read found of the node's Multicall3: one whose aggregate3 failed beside trusted
 * code, so its reads go without it (readPortfolio) for FAILED_AGGREGATE_MS, then it is asked again.
 */
export function noteMulticall(client: ChainClient, found: boolean): void {
  known.set(probeKey(client), found ? { found } : { found, until: Date.now() + FAILED_AGGREGATE_MS });
}

/**
 * Whether the node has the network's Multicall3 now (isTrustedMulticall): one eth_getCode at its address, sent at once
 * (so it travels in the batch of a read made beside it) and shared with callers asking meanwhile;
 * the answer is kept (knownMulticall). For a node that had it and may have changed under the same
 * URL (a reset chain). Throws a ChainError.
 */
export function probeMulticall(client: ChainClient): Promise<boolean> {
  const node = probeKey(client);
  let probe = asking.get(node);
  if (!probe) {
    const address = multicallAddress(client);
    probe = getCode(client, { address }).then(
      (code) => {
        const found = isTrustedMulticall(code, address);
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

/** Whether the node has the network's Multicall3: what is known, else probeMulticall. Throws a ChainError. */
export function hasMulticall(client: ChainClient): Promise<boolean> {
  const found = knownMulticall(client);
  return found === undefined ? probeMulticall(client) : Promise.resolve(found);
}
