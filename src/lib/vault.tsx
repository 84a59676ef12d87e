import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { Account } from '@/core/accounts/account';
import { canSign } from '@/core/accounts/signerKinds';
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

export function useSelectedAccount(): Account | undefined {
  return useVault((s) => s.accounts.find((a) => a.id === s.selectedAccountId));
}

/** The visible accounts that can sign (not watch-only), and the one to offer first: the selected one if it can. */
export function useSigningAccounts(): { accounts: Account[]; preferred: Account | undefined } {
  const all = useVault((s) => s.accounts);
  const selectedId = useVault((s) => s.selectedAccountId);
  const accounts = all.filter((a) => canSign(a) && !a.hidden);
  return { accounts, preferred: accounts.find((a) => a.id === selectedId) ?? accounts[0] };
}
