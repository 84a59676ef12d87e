import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { Address } from 'viem';
import type { ActivityEntry } from '@/core/activity/entries';
import type { ActivityAsset } from '@/core/activity/item';
import type { HistoryHead } from '@/core/activity/networkHistoryStatus';
import type { Network } from '@/core/chain/networks';
import { paceOf } from '@/core/chain/refreshPolicy';
import { useAddressNames } from '@/lib/names/addressNames';
import type { AssetLabel } from '@/lib/names/assetLabels';
import { useChainHead } from '@/lib/queries/useChainHead';
import { type SyncStatus, useSyncStatus } from '@/lib/stores/activity';
import { useSession } from '@/lib/stores/session';
import { useHistory } from './useHistory';

/** One network's part of a history across networks: its entries, how to name what they hold, where its sync stands. */
export type NetworkHistory = {
  network: Network;
  entries: readonly ActivityEntry[];
  label: (asset: ActivityAsset) => AssetLabel;
  name: (address: string | undefined) => string | undefined;
  /** The stored history is being read. */
  loading: boolean;
  /** Reading the stored history failed. */
  error: unknown;
  reload: () => void;
  sync: SyncStatus;
  head: HistoryHead;
  /** The person set an explorer for this network (its native history comes from it). */
  explorer: boolean;
};

/**
 * Reads one account's history on each of `networks` (one reader per network, all at once) and
 * hands the parts read so far to `children`, in the networks' order. The network the header chose
 * (`working`) follows each block; the others are asked at their background pace while this list
 * shows them (refreshPolicy), which is also when the app's sync brings their history up to date.
 */
export function HistoriesAcross({
  networks,
  account,
  working,
  children,
}: {
  networks: readonly Network[];
  account: Address | undefined;
  working: string;
  children: (parts: NetworkHistory[]) => ReactNode;
}) {
  const [read, setRead] = useState<Record<string, NetworkHistory>>({});
  const report = useCallback(
    (id: string, part: NetworkHistory) =>
      setRead((before) => (before[id] === part ? before : { ...before, [id]: part })),
    [],
  );
  const parts = networks.flatMap((network) => {
    const part = read[network.id];
    return part && part.network === network ? [part] : [];
  });
  return (
    <>
      {networks.map((network) => (
        <NetworkHistoryReader
          key={network.id}
          network={network}
          account={account}
          working={network.id === working}
          report={report}
        />
      ))}
      {children(parts)}
    </>
  );
}

function NetworkHistoryReader({
  network,
  account,
  working,
  report,
}: {
  network: Network;
  account: Address | undefined;
  working: boolean;
  report: (id: string, part: NetworkHistory) => void;
}) {
  const { entries, label, loading, error, reload } = useHistory(network, account);
  const name = useAddressNames(network);
  const sync = useSyncStatus(network.id, account);
  const head = useChainHead(network, working ? 'working' : 'background', {
    pollMs: paceOf(network, 'background').pollMs,
    onFocus: true,
  });
  const headState: HistoryHead = head.isError
    ? 'down'
    : head.data?.status === 'wrong-chain'
      ? 'wrongChain'
      : head.data
        ? 'ok'
        : 'unknown';
  const explorer = useSession((s) => s.explorers[network.id] !== undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload reads again through a refetch that stays the same.
  const part = useMemo(
    (): NetworkHistory => ({ network, entries, label, name, loading, error, reload, sync, head: headState, explorer }),
    [network, entries, label, name, loading, error, sync, headState, explorer],
  );
  useEffect(() => report(network.id, part), [report, network.id, part]);
  return null;
}
