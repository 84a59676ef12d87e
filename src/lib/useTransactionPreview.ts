import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Abi, Address } from 'viem';
import { portfolioTokens } from '@/core/assets/catalogue';
import type { Network } from '@/core/chain/networks';
import type { UnsignedTransaction } from '@/core/simulation/types';
import { simulationKeys, type TransactionPreview, transactionPreviewQuery } from './queries/simulationQueries';
import { useSession } from './session';
import { useVault } from './vault';

const NO_ABIS: never[] = [];

/**
 * The preview of a transaction about to be signed, read on the person's node as soon as the
 * review shows (the review never waits for it). `tx` undefined reads nothing.
 */
export function useTransactionPreview(
  network: Network,
  tx: UnsignedTransaction | undefined,
  contractAbis: readonly Abi[] = NO_ABIS,
) {
  const accounts = useVault((s) => s.accounts);
  const own = useMemo(() => accounts.map((a) => a.address as Address), [accounts]);
  const savedAbis = useSession((s) => s.savedAbis[network.id] ?? NO_ABIS);
  const custom = useSession((s) => s.customTokens[network.id] ?? NO_ABIS);
  const watchTokens = useMemo(() => portfolioTokens(network, custom, [], []).map((t) => t.address), [network, custom]);
  const placeholder = { from: '0x0000000000000000000000000000000000000000' } as const;
  return useQuery({
    ...transactionPreviewQuery(network, tx ?? placeholder, { own, savedAbis, contractAbis, watchTokens }),
    enabled: tx !== undefined,
  });
}

/** Whether the preview found the transaction would fail: Confirm waits for the person to acknowledge it. */
export function previewFails(preview: TransactionPreview | undefined): boolean {
  return preview?.result.outcome.ok === false;
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
  const [acknowledgedFor, setAcknowledgedFor] = useState<string>();
  const acknowledged = key !== undefined && acknowledgedFor === key;
  return {
    preview,
    acknowledged,
    onAcknowledge: (value: boolean) => setAcknowledgedFor(value ? key : undefined),
    heldBack: previewFails(preview.data) && !acknowledged,
  };
}
