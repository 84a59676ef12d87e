import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { Account } from '@/core/accounts/account';
import { canSendFrom, canSign } from '@/core/accounts/signerKinds';
import type { Network } from '@/core/chain/networks';
import { sameAddress } from '@/core/keys/sameAddress';
import type { ClientVaultState, VaultClient } from '@/core/vault/shared/vaultClient';

const VaultContext = createContext<VaultClient | null>(null);

export function VaultProvider({ client, children }: { client: VaultClient; children: ReactNode }) {
  return <VaultContext.Provider value={client}>{children}</VaultContext.Provider>;
}

/** This window's handle on the shared vault session, for actions (unlock, add, rename, sign…). */
export function useVaultSession(): VaultClient {
  const client = useContext(VaultContext);
  if (!client) throw new Error('useVaultSession must be used inside <VaultProvider>');
  return client;
}

/** Reads a slice of the vault state; re-renders only when it changes. */
export function useVault<T>(selector: (state: ClientVaultState) => T): T {
  return useStore(useVaultSession().store, selector);
}

/** The account of `accounts` at `address` (in any case), if there is one. */
export function accountAt<A extends { address: string }>(
  accounts: readonly A[],
  address: string | null | undefined,
): A | undefined {
  return accounts.find((account) => sameAddress(account.address, address));
}

/** The vault's account at `address`, hidden and watch-only ones included; none for anyone else's. */
export function useVaultAccount(address: string | null | undefined): Account | undefined {
  return useVault((s) => accountAt(s.accounts, address));
}

export function useSelectedAccount(): Account | undefined {
  return useVault((s) => s.accounts.find((a) => a.id === s.selectedAccountId));
}

/**
 * The visible accounts a transaction can start from on `network`: those that sign, and Safes on
 * its chain (their transactions are proposed). The one to offer first: the selected one if it can.
 */
export function useSendingAccounts(network: Network): { accounts: Account[]; preferred: Account | undefined } {
  const all = useVault((s) => s.accounts);
  const selectedId = useVault((s) => s.selectedAccountId);
  const accounts = all.filter((a) => canSendFrom(a, network.chainId) && !a.hidden);
  return { accounts, preferred: accounts.find((a) => a.id === selectedId) ?? accounts[0] };
}

/** The visible accounts that can sign (not watch-only), and the one to offer first: the selected one if it can. */
export function useSigningAccounts(): { accounts: Account[]; preferred: Account | undefined } {
  const all = useVault((s) => s.accounts);
  const selectedId = useVault((s) => s.selectedAccountId);
  const accounts = all.filter((a) => canSign(a) && !a.hidden);
  return { accounts, preferred: accounts.find((a) => a.id === selectedId) ?? accounts[0] };
}
