import { AccountsScreen } from '@/features/accounts/AccountsScreen';
import { screen } from '../paths';

export function AccountsRoute() {
  return <AccountsScreen addPath={screen('addWallet').path} />;
}
