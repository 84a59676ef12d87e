import { createContext, type ReactNode, useContext } from 'react';
import type { RoundCache } from '@/core/prices/roundCache';

const Context = createContext<RoundCache | null>(null);

/** Where price feed rounds already read are kept (IndexedDB in the app). */
export function RoundCacheProvider({ cache, children }: { cache: RoundCache; children: ReactNode }) {
  return <Context.Provider value={cache}>{children}</Context.Provider>;
}

export function useRoundCache(): RoundCache {
  const value = useContext(Context);
  if (!value) throw new Error('useRoundCache must be used inside <RoundCacheProvider>');
  return value;
}
