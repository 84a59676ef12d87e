import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { Account } from '@/core/accounts/account';
import type { VaultSession, VaultState } from '@/core/vault/vaultSession';

const VaultContext = createContext<VaultSession | null>(null);

export function VaultProvider({ session, children }: { session: VaultSession; children: ReactNode }) {
  return <VaultContext.Provider value={session}>{children}</VaultContext.Provider>;
}

/** The vault session, for actions (unlock, add, rename…). */
export function useVaultSession(): VaultSession {
  const session = useContext(VaultContext);
  if (!session) throw new Error('useVaultSession must be used inside <VaultProvider>');
  return session;
}

/** Reads a slice of the vault state; re-renders only when it changes. */
export function useVault<T>(selector: (state: VaultState) => T): T {
  return useStore(useVaultSession().store, selector);
}

export function useSelectedAccount(): Account | undefined {
  return useVault((s) => s.accounts.find((a) => a.id === s.selectedAccountId));
}
