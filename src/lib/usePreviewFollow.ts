import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Network } from '@/core/chain/networks';
import { previewDigest } from '@/core/simulation/digest';
import type { SimulationResult } from '@/core/simulation/types';
import { useChainHead } from './useChainHead';

/** A preview older than this many blocks is read again before Confirm is let through. */
export const STALE_PREVIEW_BLOCKS = 3n;

/** What following a preview block by block found, for the review and its Confirm. */
export type PreviewFollow = {
  /** A new block changed what the preview says since the review first showed it. */
  changed: boolean;
  /** The person acknowledged the preview as it now reads. */
  changeAcknowledged: boolean;
  onAcknowledgeChange(value: boolean): void;
  /** The preview is more than STALE_PREVIEW_BLOCKS behind the chain and is being read again. */
  stale: boolean;
  /** Confirm waits: a change not acknowledged, or a stale preview being refreshed. */
  holds: boolean;
};

/**
 * Follows a review's preview: simulates it again at each new block the shared head follower
 * brings (never on a timer of its own), compares what it says with what the review first showed
 * for this content (`key`), and holds Confirm while a change is not acknowledged, or while the
 * preview is more than a few blocks old (it is being read again; a read that fails lets go, as a
 * preview that fails does).
 */
export function usePreviewFollow<T extends { result: SimulationResult }>(
  network: Network,
  preview: UseQueryResult<T>,
  key: string | undefined,
): PreviewFollow {
  const head = useChainHead(network);
  const latest = head.data?.blockNumber;
  const { data, isFetching, isError, refetch } = preview;
  const block = data?.result.block;

  const askedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (key === undefined || latest === undefined || block === undefined || isFetching || latest <= block) return;
    // Once per content and head: a failed read is asked again at the next block, never in a loop.
    const reason = `${key}|${latest}`;
    if (askedFor.current === reason) return;
    askedFor.current = reason;
    void refetch({ cancelRefetch: false });
  }, [key, latest, block, isFetching, refetch]);

  const digest = data ? previewDigest(data.result) : undefined;
  const [first, setFirst] = useState<{ key: string; digest: string }>();
  const [acknowledged, setAcknowledged] = useState<{ key: string; digest: string }>();
  useEffect(() => {
    if (key !== undefined && digest !== undefined && first?.key !== key) setFirst({ key, digest });
  }, [key, digest, first?.key]);

  const state = followState({ key, digest, first, acknowledged, latest, block, failed: isError });
  return {
    ...state,
    onAcknowledgeChange: (value) =>
      setAcknowledged(value && key !== undefined && digest !== undefined ? { key, digest } : undefined),
  };
}

type Seen = { key: string; digest: string } | undefined;

/**
 * Where a followed preview stands: `first` is what the review first showed for this content,
 * `acknowledged` what the person acknowledged; `latest` the chain's head and `block` the latest
 * block when the preview was made. A pure rule, beside the hook that keeps its inputs.
 */
export function followState(input: {
  key: string | undefined;
  digest: string | undefined;
  first: Seen;
  acknowledged: Seen;
  latest: bigint | undefined;
  block: bigint | undefined;
  failed: boolean;
}): Omit<PreviewFollow, 'onAcknowledgeChange'> {
  const { key, digest, first, acknowledged, latest, block, failed } = input;
  const changed = key !== undefined && first?.key === key && digest !== undefined && digest !== first.digest;
  const changeAcknowledged = changed && acknowledged?.key === key && acknowledged.digest === digest;
  const stale = latest !== undefined && block !== undefined && latest - block > STALE_PREVIEW_BLOCKS && !failed;
  return { changed, changeAcknowledged, stale, holds: (changed && !changeAcknowledged) || stale };
}
