import { useMemo } from 'react';
import type { Address } from 'viem';
import { knownSpender } from '@/core/approvals/knownSpenders';
import { PERMIT2_ADDRESS } from '@/core/chain/localChain';
import { isLocalL1, type Network } from '@/core/chain/networks';
import { LOCAL_EXAMPLES } from '@/core/contracts/localExamples';
import { translate, useLocale, useT } from '../i18n';
import { useAddressNames } from './addressNames';

/** A spender's name and where it comes from (in the language shown): the person's own names, or a list bundled with Cairn. */
export type SpenderName = { name: string; source: string };

/**
 * Names spenders and operators: one of the person's accounts or contacts first, then the bundled
 * list of well-known contracts by chain id (each entry names where its address was
 * published), or the demo contracts on Cairn's local chain.
 */
export function useSpenderNames(network: Network): (address: Address) => SpenderName | undefined {
  const personal = useAddressNames(network);
  const t = useT();
  const locale = useLocale();
  // `t` is the same function in every language: the locale among the inputs rewords the names when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale rewords what t gives
  return useMemo(() => {
    const localSource = t('common:spender.localDemo');
    const local = new Map(
      isLocalL1(network)
        ? [
            ...LOCAL_EXAMPLES.map((e) => [e.address.toLowerCase(), translate(e.name)] as const),
            [PERMIT2_ADDRESS.toLowerCase(), t('common:spender.localPermit2')] as const,
          ]
        : [],
    );
    return (address) => {
      const own = personal(address);
      if (own) return { name: own, source: t('common:spender.yours') };
      const demo = local.get(address.toLowerCase());
      if (demo) return { name: demo, source: localSource };
      const known = knownSpender(network.chainId, address);
      return known ? { name: known.name, source: translate(known.source) } : undefined;
    };
  }, [personal, network.kind, network.chainId, t, locale]);
}
