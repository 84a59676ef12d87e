import { createContext, type ReactNode, useContext } from 'react';
import type { DappConnection } from '@/core/dapp/connection';

const DappContext = createContext<DappConnection | null>(null);

export function DappConnectionProvider({ connection, children }: { connection: DappConnection; children: ReactNode }) {
  return <DappContext.Provider value={connection}>{children}</DappContext.Provider>;
}

/** The channel of the site this window serves. */
export function useDappConnection(): DappConnection {
  const connection = useContext(DappContext);
  if (!connection) throw new Error('useDappConnection must be used inside <DappConnectionProvider>');
  return connection;
}
