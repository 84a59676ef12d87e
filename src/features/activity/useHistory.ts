import { useMemo } from 'react';
import type { Address } from 'viem';
import type { Network } from '@/core/chain/networks';
import { useAccountEntries } from '@/lib/names/accountEntries';
import { useAssetLabels } from '@/lib/names/assetLabels';
import { historyAssets } from './historyView';

/** One account's history on a network, as entries, with labels for its assets. */
export function useHistory(network: Network, account: Address | undefined) {
  const { entries, loading, error, reload } = useAccountEntries(network, account);
  const assets = useMemo(() => historyAssets(entries).map(([, asset]) => asset), [entries]);
  const label = useAssetLabels(network, assets);
  return { entries, label, loading, error, reload };
}
