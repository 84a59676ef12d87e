import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Abi, Address } from 'viem';
import { portfolioTokens } from '@/core/assets/catalogue';
import type { Network } from '@/core/chain/networks';
import type { BatchCall } from '@/core/simulation/simulateCalls';
import type { UnsignedTransaction } from '@/core/simulation/types';
import {
  type CallsPreview,
  callsPreviewQuery,
  type PreviewContext,
  simulationKeys,
  type TransactionPreview,
  transactionPreviewQuery,
} from './queries/simulationQueries';
import { useSession } from './session';
import { useVault } from './vault';

const NO_ABIS: never[] = [];

/** What every preview reads besides the transaction: the person's accounts, saved ABIs and tokens. */
function usePreviewContext(network: Network, contractAbis: readonly Abi[]): PreviewContext {
  const accounts = useVault((s) => s.accounts);
  const own = useMemo(() => accounts.map((a) => a.address as Address), [accounts]);
  const savedAbis = useSession((s) => s.savedAbis[network.id] ?? NO_ABIS);
  const custom = useSession((s) => s.customTokens[network.id] ?? NO_ABIS);
  const watchTokens = useMemo(() => portfolioTokens(network, custom, [], []).map((t) => t.address), [network, custom]);
  return { own, savedAbis, contractAbis, watchTokens };
}

/**
 * The preview of a transaction about to be signed, read on the person's node as soon as the
 * review shows (the review never waits for it). `tx` undefined reads nothing.
 */
export function useTransactionPreview(
  network: Network,
  tx: UnsignedTransaction | undefined,
  contractAbis: readonly Abi[] = NO_ABIS,
) {
  const context = usePreviewContext(network, contractAbis);
  const placeholder = { from: '0x0000000000000000000000000000000000000000' } as const;
  return useQuery({ ...transactionPreviewQuery(network, tx ?? placeholder, context), enabled: tx !== undefined });
}

/** Whether the preview found the transaction would fail: Confirm waits for the person to acknowledge it. */
export function previewFails(preview: TransactionPreview | CallsPreview | undefined): boolean {
  return preview?.result.outcome.ok === false;
}

/**
 * Holds Confirm back while the preview says what is reviewed would fail, until the person
 * acknowledges it for this very content (`key`: something new starts unacknowledged).
 */
function useAcknowledgement(key: string | undefined, fails: boolean) {
  const [acknowledgedFor, setAcknowledgedFor] = useState<string>();
  const acknowledged = key !== undefined && acknowledgedFor === key;
  return {
    acknowledged,
    onAcknowledge: (value: boolean) => setAcknowledgedFor(value ? key : undefined),
    heldBack: fails && !acknowledged,
  };
}

/**
 * A review's preview and its hold: when the preview finds the transaction would fail, Confirm
 * waits until the person acknowledges it, for this very transaction (a new one starts unacknowledged).
 */
export function useReviewPreview(
  network: Network,
  tx: UnsignedTransaction | undefined,
  contractAbis: readonly Abi[] = NO_ABIS,
) {
  const preview = useTransactionPreview(network, tx, contractAbis);
  // By content, not identity: a record re-read at a new block is the same transaction.
  const key = tx === undefined ? undefined : JSON.stringify(simulationKeys.preview(network, tx, []));
  return { preview, ...useAcknowledgement(key, previewFails(preview.data)) };
}

/**
 * The same for a site's batch of calls (wallet_sendCalls): their combined preview, and its hold.
 * Nothing is read while `enabled` is false.
 */
export function useCallsReviewPreview(network: Network, from: Address, calls: readonly BatchCall[], enabled: boolean) {
  const context = usePreviewContext(network, NO_ABIS);
  const preview = useQuery({ ...callsPreviewQuery(network, from, calls, context), enabled });
  const key = enabled ? JSON.stringify(simulationKeys.calls(network, from, calls, [])) : undefined;
  return { preview, ...useAcknowledgement(key, previewFails(preview.data)) };
}
