import { createContext, type ReactNode, useContext } from 'react';
import { type LastKnownPortfolio, memoryLastKnownPortfolio } from '@/core/assets/lastKnownPortfolio';

const fallback = memoryLastKnownPortfolio();
const Context = createContext<LastKnownPortfolio>(fallback);

/** Where the last balances read through each node are kept (IndexedDB in the app; memory in tests). */
export function LastKnownPortfolioProvider({ store, children }: { store: LastKnownPortfolio; children: ReactNode }) {
  return <Context.Provider value={store}>{children}</Context.Provider>;
}

export const useLastKnownPortfolio = (): LastKnownPortfolio => useContext(Context);
