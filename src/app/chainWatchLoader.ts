import { useEffect, useState } from 'react';
import { catalogs as network } from '@/features/network/catalogs';
import { CORE_NAMESPACES, catalogsOf, withNamespaces } from '@/lib/i18n';
import { lazyModule } from './lazyModule';

/**
 * The live network status, the node-problem panel and the transaction tracker (their own chunk),
 * with core's catalogs (and the network status's, which the shell has loaded already): they show
 * the node's errors and the tracker's notices at once. Set-up's
 * and unlock's first screens leave those catalogs to this load, which their frame (Shell) starts
 * once they are up.
 */
export const chainWatch = lazyModule(() =>
  withNamespaces(import('./ChainWatch'), catalogsOf(CORE_NAMESPACES, network.NetworkStatus, network.NetworkProblem)),
);

/**
 * The chain-watching parts once loaded. A cold start asks for them after its first screen is up:
 * they read the node, whose answer cannot be there sooner, and their code (the RPC client, the
 * query cache) is a quarter of the start-up chunk. A window opened unlocked has them already.
 */
export function useChainWatch() {
  const [module, setModule] = useState(chainWatch.loaded);
  useEffect(() => {
    if (module) return;
    let current = true;
    void chainWatch.load().then((m) => current && setModule(m));
    return () => {
      current = false;
    };
  }, [module]);
  return module;
}
