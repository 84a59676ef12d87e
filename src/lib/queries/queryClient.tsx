import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { recordKeys } from './localKeys';

let client: QueryClient | undefined;

/**
 * The window's one cache of chain and storage reads. It is made when the first part that reads
 * loads: the first screen (set-up, unlock) reads nothing, so it carries none of this code.
 */
export function sharedQueryClient(): QueryClient {
  client ??= new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });
  return client;
}

/** Gives its children the shared cache: every lazily loaded part that reads sits inside one. */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={sharedQueryClient()}>{children}</QueryClientProvider>;
}

/** Re-reads the transaction records wherever they are shown (nothing to do before anything read them). */
export function refreshTxRecords(): void {
  void client?.invalidateQueries({ queryKey: recordKeys.all });
}
