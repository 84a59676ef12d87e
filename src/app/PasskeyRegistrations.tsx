import type { Account, PasskeyAccountSource } from '@/core/accounts/account';
import type { Network } from '@/core/chain/networks';
import { useSession } from '@/lib/stores/session';
import { usePasskeyRegistrations } from '@/lib/usePasskeyRegistrations';
import { useVault } from '@/lib/vault/vault';

type PasskeyAccount = Account & { source: PasskeyAccountSource };

function Settle({ account, network }: { account: PasskeyAccount; network: Network }) {
  usePasskeyRegistrations(account, network);
  return null;
}

/**
 * Settles, on whichever screen is open, every passkey registration the vault notes as waiting
 * (usePasskeyRegistrations), on its account's chain. Renders nothing.
 */
export function PasskeyRegistrations() {
  const accounts = useVault((s) => s.accounts);
  const networks = useSession((s) => s.networks);
  return accounts.map((account) => {
    const { source } = account;
    if (source.kind !== 'passkeyAccount' || !source.registering?.length) return null;
    const network = networks.find((n) => n.chainId === source.chainId);
    return network ? <Settle key={account.id} account={{ ...account, source }} network={network} /> : null;
  });
}
