import { useMemo } from 'react';
import type { Address } from 'viem';
import { knownSpender } from '@/core/approvals/knownSpenders';
import type { Network } from '@/core/chain/networks';
import { LOCAL_EXAMPLES } from '@/core/contracts/localExamples';
import { PERMIT2_ADDRESS } from '@/core/signing/permits';
import { useAddressNames } from './addressNames';

/** A spender's name and where it comes from: the person's own names, or a list bundled with Cairn. */
export type SpenderName = { name: string; source: string };

const LOCAL_SOURCE = 'Cairn’s local demo chain (its seed deploys this contract)';

/**
 * Names spenders and operators: one of the person's accounts or contacts first, then the bundled
 * list of well-known contracts by chain id (each entry names where its address was
 * published), or the demo contracts on Cairn's local chain.
 */
export function useSpenderNames(network: Network): (address: Address) => SpenderName | undefined {
  const personal = useAddressNames(network);
  return useMemo(() => {
    const local = new Map(
      network.kind === 'local'
        ? [
            ...LOCAL_EXAMPLES.map((e) => [e.address.toLowerCase(), e.name] as const),
            [PERMIT2_ADDRESS.toLowerCase(), 'Permit2 (the local chain’s stand-in for Uniswap’s)'] as const,
          ]
        : [],
    );
    return (address) => {
      const own = personal(address);
      if (own) return { name: own, source: 'your address book or accounts' };
      const demo = local.get(address.toLowerCase());
      if (demo) return { name: demo, source: LOCAL_SOURCE };
      const known = knownSpender(network.chainId, address);
      return known ? { name: known.name, source: known.source } : undefined;
    };
  }, [personal, network.kind, network.chainId]);
}
