import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Address } from 'viem';
import { headPollIntervalMs, type Network } from '@/core/chain/networks';
import { changesDecision } from '@/core/simulation/previewChange';
import type { SimulationResult } from '@/core/simulation/types';
import { useChainHead } from '../queries/useChainHead';

/** A preview more than this many blocks behind the chain (and staleAfterMs old) is read again before Confirm is let through. */
export const STALE_PREVIEW_BLOCKS = 3n;

/**
 * How old a preview may be before it is stale, besides its blocks: three block times, and never
 * less than two polls of the head. On Ethereum that is the three blocks; on a chain of 250 ms
 * blocks, polled each second, each poll finds four new blocks and the preview is read again at
 * once: only a read that lags behind by more than a poll makes it stale, so Confirm does not
 * flicker at every poll.
 */
export function staleAfterMs(network: Network): number {
  return Math.max(3 * network.blockTimeMs, 2 * headPollIntervalMs(network));
}

/** What following a preview block by block found, for the review and its Confirm. */
export type PreviewFollow = {
  /** A new block changed what the preview says, in a way that matters (changesDecision), since the review first showed it. */
  changed: boolean;
  /** The person acknowledged the preview as it now reads. */
  changeAcknowledged: boolean;
  onAcknowledgeChange(value: boolean): void;
  /** The preview is behind the chain (blocks and time) and is being read again. */
  stale: boolean;
  /** The preview is behind the chain and reading it again failed: what it shows may no longer hold. */
  outdated: boolean;
  /** The person chose to send without a current preview. */
  outdatedAcknowledged: boolean;
  onAcknowledgeOutdated(value: boolean): void;
  /** Confirm waits: a change or an outdated preview not acknowledged, or a stale preview being read again. */
  holds: boolean;
  /**
   * How many times, for this content, a new preview changed what the person would decide on
   * (changesDecision) compared with the one that last counted (the first at the start): a site's
   * window starts its approve delay again at each, as the amounts themselves change at every block
   * without counting (they are `data-volatile` there).
   */
  decisions: number;
};

/**
 * Follows a review's preview: simulates it again at each new block the shared head follower
 * brings (never on a timer of its own), compares what it says with what the review first showed
 * for this content (`key`), and holds Confirm while a change that matters to the person's
 * accounts (`own`) is not acknowledged, while a preview behind the chain is read again, and while
 * one that could not be read again is not acknowledged as outdated.
 */
export function usePreviewFollow<T extends { result: SimulationResult }>(
  network: Network,
  preview: UseQueryResult<T>,
  key: string | undefined,
  own: readonly Address[],
): PreviewFollow {
  const head = useChainHead(network);
  const latest = head.data?.blockNumber;
  const { data, isFetching, isError, refetch, dataUpdatedAt } = preview;
  const result = data?.result;
  const block = result?.block;

  const askedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (key === undefined || latest === undefined || block === undefined || isFetching || latest <= block) return;
    // Once per content and head: a failed read is asked again at the next block, never in a loop.
    const reason = `${key}|${latest}`;
    if (askedFor.current === reason) return;
    askedFor.current = reason;
    void refetch({ cancelRefetch: false });
  }, [key, latest, block, isFetching, refetch]);

  const [first, setFirst] = useState<Seen>();
  const [acknowledged, setAcknowledged] = useState<Seen>();
  const decisions = useDecisions(key, result, own);
  const [outdatedAcknowledged, setOutdatedAcknowledged] = useState<string>();
  useEffect(() => {
    if (key !== undefined && result !== undefined && first?.key !== key) setFirst({ key, result });
  }, [key, result, first?.key]);

  const behind = isBehind({ latest, block, ageMs: Date.now() - dataUpdatedAt, network });
  // Blocks behind but not yet as old as staleAfterMs: look again when it is (the head may not move).
  const [, setNow] = useState(0);
  const due = !behind && isBehind({ latest, block, ageMs: Number.POSITIVE_INFINITY, network });
  const deadline = due ? dataUpdatedAt + staleAfterMs(network) + 1 : undefined;
  useEffect(() => {
    if (deadline === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [deadline]);
  const outdatedFor = key !== undefined && block !== undefined ? `${key}|${block}` : undefined;
  const state = followState({
    key,
    result,
    first,
    acknowledged,
    own,
    behind,
    failed: isError,
    outdatedAcknowledged: outdatedFor !== undefined && outdatedAcknowledged === outdatedFor,
  });
  return {
    ...state,
    decisions,
    onAcknowledgeChange: (value) =>
      setAcknowledged(value && key !== undefined && result !== undefined ? { key, result } : undefined),
    onAcknowledgeOutdated: (value) => setOutdatedAcknowledged(value ? outdatedFor : undefined),
  };
}

/** A preview the review showed (first) or the person acknowledged, for one content. */
export type Seen = { key: string; result: SimulationResult } | undefined;

/**
 * PreviewFollow's `decisions`: counted in the render that shows the new preview (state set while
 * rendering, as React allows for information from earlier renders), so an approval's delay
 * starts again in that very render, before a click can land on what changed.
 */
function useDecisions(key: string | undefined, result: SimulationResult | undefined, own: readonly Address[]): number {
  const [counted, setCounted] = useState<{ key: string; result: SimulationResult; count: number }>();
  if (key === undefined || result === undefined)
    return counted !== undefined && counted.key === key ? counted.count : 0;
  if (counted?.key !== key) {
    setCounted({ key, result, count: 0 });
    return 0;
  }
  if (counted.result !== result && changesDecision(counted.result, result, own)) {
    const count = counted.count + 1;
    setCounted({ key, result, count });
    return count;
  }
  return counted.count;
}

/**
 * Whether a preview made when `block` was the latest is behind the chain's head `latest`: more
 * than STALE_PREVIEW_BLOCKS blocks, and older than staleAfterMs (`ageMs` since it was read).
 */
export function isBehind(input: {
  latest: bigint | undefined;
  block: bigint | undefined;
  ageMs: number;
  network: Network;
}): boolean {
  const { latest, block, ageMs, network } = input;
  if (latest === undefined || block === undefined) return false;
  return latest - block > STALE_PREVIEW_BLOCKS && ageMs > staleAfterMs(network);
}

/**
 * Where a followed preview stands: `first` is what the review first showed for this content,
 * `acknowledged` what the person acknowledged, `result` what the preview says now; `behind` (see
 * isBehind) and `failed` (reading it again failed). A pure rule, beside the hook that keeps its inputs.
 */
export function followState(input: {
  key: string | undefined;
  result: SimulationResult | undefined;
  first: Seen;
  acknowledged: Seen;
  own: readonly Address[];
  behind: boolean;
  failed: boolean;
  outdatedAcknowledged: boolean;
}): Omit<PreviewFollow, 'onAcknowledgeChange' | 'onAcknowledgeOutdated' | 'decisions'> {
  const { key, result, first, acknowledged, own, behind, failed } = input;
  const differs = (seen: Seen) =>
    key !== undefined && result !== undefined && seen?.key === key && changesDecision(seen.result, result, own);
  const changed = differs(first);
  // Acknowledged: what the person read, and nothing that matters has changed since.
  const changeAcknowledged = changed && acknowledged?.key === key && !differs(acknowledged);
  const stale = behind && !failed;
  const outdated = behind && failed && result !== undefined;
  const outdatedAcknowledged = outdated && input.outdatedAcknowledged;
  return {
    changed,
    changeAcknowledged,
    stale,
    outdated,
    outdatedAcknowledged,
    holds: (changed && !changeAcknowledged) || stale || (outdated && !outdatedAcknowledged),
  };
}
