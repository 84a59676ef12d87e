import type { Address, Hex } from 'viem';
import { getBlock, getTransactionCount } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { DEFAULT_SPAN_POLICY, type SpanPolicy } from '../chain/logRanges';
import { readLogs, startSpan } from '../chain/logSpan';
import { getLogs, type RawLog } from '../chain/rawLogs';
import { rescanFrom } from '../chain/rescanFrom';
import { toChainError } from '../chain/toChainError';
import { isCairnError } from '../errors/base';
import type { ExplorerFetch } from '../explorer/client';
import type { ExplorerConfig } from '../explorer/config';
import { explorerLogs } from '../explorer/logs';
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
  /** HTTP requests to the explorer, when one was asked. */
  explorerRequests?: number;
};

/**
 * How far a scan has read: `done` of `total` blocks of the range it reads this time. Reported at
 * the start (0) and after each span, never going back, ending at `total`.
 */
export type ScanProgress = { done: bigint; total: bigint };

/**
 * Brings `owner`'s approval events on one chain up to the node's head, incrementally: every
 * ERC-20/ERC-721 Approval, ApprovalForAll and Permit2 Approval/Permit/Lockdown with the owner as
 * first indexed argument, from eth_getLogs over all contracts in spans of the one log-span rule
 * (readLogs: sized to their answers, from the span kept by the last scan), or from the person's explorer when one is set and answers. The last REORG_DEPTH blocks are read again every time (further
 * back when the last head is gone), and replace what was stored. An account that never sent a
 * transaction is skipped with one request, unless `evenIfNeverSent` (permits signed by it and
 * submitted by others can still have granted approvals). `onProgress` hears how many blocks of the
 * range are read (not called when there is no range to read).
 *
 * Errors: ChainError.
 */
export async function scanApprovals(
  deps: {
    client: ChainClient;
    store: ApprovalStore;
    policy?: SpanPolicy;
    /** The person's explorer: its logs-by-topic endpoint reads the range when it answers. */
    explorer?: { config: ExplorerConfig; fetch?: ExplorerFetch } | undefined;
  },
  owner: Address,
  options: { evenIfNeverSent?: boolean; onProgress?: (progress: ScanProgress) => void } = {},
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
  const total = latest - from + 1n;
  const report = (done: bigint) => options.onProgress?.({ done, total });
  report(0n);
  const fromNode = () =>
    readLogs<RawLog>(client, {
      from,
      to: latest,
      // An owner's approvals are few in any range: a first scan asks for all of them at once, and
      // the rule shrinks the span where a node refuses it (or keeps within a limit it named).
      kept: previous?.logSpan ?? (deps.policy ?? DEFAULT_SPAN_POLICY).max,
      policy: deps.policy,
      read: (fromBlock, toBlock) => getLogs(client, fromBlock, toBlock, { topics }),
      onProgress: report,
    });
  try {
    // The explorer answers a whole range in a few requests; when it fails, the node reads it.
    const byExplorer = deps.explorer
      ? await explorerLogs({
          ...deps.explorer,
          chainId,
          topic0s: topics[0] as Hex[],
          topic1: topics[1] as Hex,
          fromBlock: from,
          toBlock: latest,
        }).catch(() => undefined)
      : undefined;
    const read = byExplorer
      ? { items: byExplorer.logs, span: previous?.logSpan ?? startSpan(client), reads: 0 }
      : await fromNode();
    if (byExplorer) report(total);
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
      ...(byExplorer ? { explorerRequests: byExplorer.requests } : {}),
    };
  } catch (error) {
    throw isCairnError(error) ? error : toChainError(error);
  }
}
