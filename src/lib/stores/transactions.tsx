import { createContext, type ReactNode, useContext } from 'react';
import type { TransactionService } from '@/core/tx/transactionService';
import type { TxStore } from '@/core/tx/txStore';

/** The transaction service loads on first use (it is not needed for the first screen). */
export type TransactionsContext = { service: () => Promise<TransactionService>; store: TxStore };

const Context = createContext<TransactionsContext | null>(null);

export function TransactionsProvider({ value, children }: { value: TransactionsContext; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useTransactions(): TransactionsContext {
  const value = useContext(Context);
  if (!value) throw new Error('useTransactions must be used inside <TransactionsProvider>');
  return value;
}
