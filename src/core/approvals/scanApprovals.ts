import type { Address, Hex } from 'viem';
import { getBlock, getTransactionCount } from 'viem/actions';
import { DEFAULT_SPAN_POLICY, readInSpans, type SpanPolicy } from '../activity/logRanges';
import { rescanFrom } from '../activity/sync';
import { getLogs, type RawLog } from '../activity/transferLogs';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { isCairnError } from '../errors/base';
import { type ApprovalEvent, approvalEvents, approvalTopics } from './approvalEvents';
import type { ApprovalStore } from './approvalStore';

export type ScanResult = {
  /** False when the head had not moved since the last scan (one request, nothing read). */
  changed: boolean;
  /**
   * The account never sent a transaction, so the scan was skipped (one request). Approvals it
   * signed as permits, which others submit, are not searched then: scan with `evenIfNeverSent`.
   */
  neverSent: boolean;
  head: bigint;
  /** Every approval event of the owner on this chain, in chain order. */
  events: ApprovalEvent[];
  /** eth_getLogs requests this scan made. */
  logReads: number;
};

/**
 * Brings `owner`'s approval events on one chain up to the node's head, incrementally: every
 * ERC-20/ERC-721 Approval, ApprovalForAll and Permit2 Approval/Permit/Lockdown with the owner as
 * first indexed argument, from eth_getLogs over all contracts in spans the node accepts (halving on
 * refusals, growing when quiet). The last REORG_DEPTH blocks are read again every time (further
 * back when the last head is gone), and replace what was stored. An account that never sent a
 * transaction is skipped with one request, unless `evenIfNeverSent` (permits signed by it and
 * submitted by others can still have granted approvals).
 *
 * Errors: ChainError.
 */
export async function scanApprovals(
  deps: { client: ChainClient; store: ApprovalStore; policy?: SpanPolicy },
  owner: Address,
  options: { evenIfNeverSent?: boolean } = {},
): Promise<ScanResult> {
  const { client, store } = deps;
  const chainId = client.chain.id;
  const previous = await store.state(chainId, owner);
  const askSent = previous === undefined && !options.evenIfNeverSent;
  let head: { number: bigint; hash: Hex };
  let previousHead: { hash: Hex } | undefined;
  let sent: number | undefined;
  try {
    // One request: the head, and the block at the last scanned head (is it still on the chain?),
    // or on a first scan whether the account ever sent a transaction.
    [head, previousHead, sent] = await Promise.all([
      getBlock(client, { blockTag: 'latest' }),
      previous
        ? getBlock(client, { blockNumber: previous.headNumber }).catch(() => undefined)
        : Promise.resolve(undefined),
      askSent ? getTransactionCount(client, { address: owner, blockTag: 'latest' }) : Promise.resolve(undefined),
    ]);
  } catch (error) {
    throw toChainError(error);
  }
  const latest = head.number;
  if (sent === 0) return { changed: false, neverSent: true, head: latest, events: [], logReads: 0 };
  const headKept = previous !== undefined && previousHead?.hash === previous.headHash;
  if (headKept && latest === previous.headNumber) {
    return { changed: false, neverSent: false, head: latest, events: await store.events(chainId, owner), logReads: 0 };
  }
  const from = rescanFrom(previous?.logsTo, latest, previous !== undefined && !headKept);
  const topics = approvalTopics(owner);
  try {
    const read = await readInSpans<RawLog>({
      from,
      to: latest,
      span: previous?.logSpan ?? (deps.policy ?? DEFAULT_SPAN_POLICY).max,
      ...(deps.policy ? { policy: deps.policy } : {}),
      read: (fromBlock, toBlock) => getLogs(client, fromBlock, toBlock, { topics }),
    });
    const found = approvalEvents(owner, read.items);
    await store.replace({
      fromBlock: from,
      events: found,
      state: { chainId, owner, headNumber: latest, headHash: head.hash, logsTo: latest, logSpan: read.span },
    });
    return {
      changed: true,
      neverSent: false,
      head: latest,
      events: await store.events(chainId, owner),
      logReads: read.reads,
    };
  } catch (error) {
    throw isCairnError(error) ? error : toChainError(error);
  }
}
