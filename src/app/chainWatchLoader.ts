import { useEffect, useState } from 'react';

type ChainWatch = typeof import('./ChainWatch');
let loading: Promise<ChainWatch> | undefined;
let loaded: ChainWatch | undefined;

/** Loads the live network status, the node-problem panel and the transaction tracker (their own chunk). */
export function loadChainWatch(): Promise<ChainWatch> {
  loading ??= import('./ChainWatch').then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

/**
 * The chain-watching parts once loaded. A cold start asks for them after its first screen is up:
 * they read the node, whose answer cannot be there sooner, and their code (the RPC client, the
 * query cache) is a quarter of the start-up chunk. A window opened unlocked has them already.
 */
export function useChainWatch(): ChainWatch | undefined {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let current = true;
    void loadChainWatch().then((m) => current && setModule(m));
    return () => {
      current = false;
    };
  }, [module]);
  return module;
}
