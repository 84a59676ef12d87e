import { createContext, type ReactNode, useContext } from 'react';
import type { Verifier } from '@/core/verify/verifier';

const Context = createContext<Verifier | null>(null);

/** The verification runtime the page built at start (app/startWallet.ts), for its checks and screens. */
export function VerifierProvider({ verifier, children }: { verifier: Verifier; children: ReactNode }) {
  return <Context.Provider value={verifier}>{children}</Context.Provider>;
}

export function useVerifier(): Verifier {
  const verifier = useContext(Context);
  if (!verifier) throw new Error('useVerifier must be used inside <VerifierProvider>');
  return verifier;
}
