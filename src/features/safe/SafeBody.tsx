import { ErrorAlert } from '@/components/ErrorAlert';
import type { Account, SafeSource } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { useT } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';
import { useKeptSafeTxs, useSafeState } from '@/lib/safeScreenHooks';
import { ImportSection } from './ImportSection';
import { PendingList } from './PendingList';
import { SafeFacts } from './SafeFacts';
import { SafeHistory } from './SafeHistory';

/**
 * The Safe on the selected network (its chain's): what the node says of it now, then its kept
 * transactions and the import. Nothing can be done until the Safe has been read.
 */
export function SafeBody({ network, account }: { network: Network; account: Account & { source: SafeSource } }) {
  const t = useT('safe');
  const unknownCode = account.source.unknownCode === true;
  const state = useSafeState(network, account.address, unknownCode);
  const kept = useKeptSafeTxs(network.chainId, account.address);
  const current = state.data;
  if (!current) {
    if (state.isError)
      return (
        <ErrorAlert
          message={errorMessage(state.error)}
          action={{ label: t('safe:state.readAgain'), onAction: () => void state.refetch(), busy: state.isFetching }}
        />
      );
    return <p role="status">{t('safe:state.reading')}</p>;
  }
  return (
    <>
      <SafeFacts network={network} state={current} unknownCode={unknownCode} />
      <PendingList network={network} state={current} kept={kept} />
      <ImportSection network={network} state={current} />
      <SafeHistory network={network} state={current} />
    </>
  );
}
