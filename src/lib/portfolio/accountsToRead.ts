import { useMemo } from 'react';
import type { Account } from '@/core/accounts/account';
import { accountsToRead, readsAllAccounts } from '@/core/chain/networkConfig';
import type { Network } from '@/core/chain/networks';
import { useSession } from '../stores/session';
import { useVault } from '../vault/vault';

/**
 * The visible accounts whose balances, history and approvals Cairn reads on `network` (see
 * accountsToRead): all of them through a node the person chose or allowed, else the selected one
 * only. `limited` says that the others are left unread on purpose.
 */
export function useAccountsToRead(network: Network): { accounts: Account[]; limited: boolean } {
  const all = useVault((s) => s.accounts);
  const selected = useVault((s) => s.accounts.find((a) => a.id === s.selectedAccountId)?.address);
  const config = useSession((s) => s.networkConfig);
  return useMemo(() => {
    const visible = all.filter((a) => !a.hidden);
    const accounts = accountsToRead(network, config, visible, selected);
    return { accounts, limited: !readsAllAccounts(network, config) && visible.length > accounts.length };
  }, [all, selected, config, network]);
}
