import { createContext, type ReactNode, useContext } from 'react';
import type { ApprovalStore } from '@/core/approvals/approvalStore';

const Context = createContext<ApprovalStore | null>(null);

export function ApprovalStoreProvider({ store, children }: { store: ApprovalStore; children: ReactNode }) {
  return <Context.Provider value={store}>{children}</Context.Provider>;
}

export function useApprovalStore(): ApprovalStore {
  const value = useContext(Context);
  if (!value) throw new Error('useApprovalStore must be used inside <ApprovalStoreProvider>');
  return value;
}
