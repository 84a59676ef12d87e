import { AccountsScreen } from '@/features/accounts/AccountsScreen';
import { SmartAccountSummary } from '@/features/smartAccount/SmartAccountSummary';
import { screen } from '../paths';

export function AccountsRoute() {
  return (
    <AccountsScreen
      addPath={screen('addWallet').path}
      accountExtra={(account) => <SmartAccountSummary account={account} />}
    />
  );
}
