import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Address } from 'viem';
import type { Network } from '@/core/chain/networks';
import type { UniswapDeployment } from '@/core/chain/uniswapDeployment';
import { swapHubs } from '@/core/swap/swapNetwork';
import { verificationOf } from '@/core/verify/verificationSetting';
import { swapKeys, swapQuoteQuery } from '@/lib/queries/swapQueries';
import { useChainHead } from '@/lib/queries/useChainHead';
import { useSession } from '@/lib/stores/session';
import { useVerifier } from '@/lib/verify/verifierContext';

/**
 * The quote for `tokenIn` → `tokenOut` of `amountIn`, read again at each new block, with what the
 * proofs say of it where the network's checks take in quotes. The last quote stays on screen while
 * the next is read, but never one older than the block before the head.
 */
export function useSwapQuote(
  network: Network,
  deployment: UniswapDeployment,
  pair: { tokenIn: Address; tokenOut: Address; amountIn: bigint } | undefined,
) {
  const head = useChainHead(network);
  const headBlock = head.data?.status === 'ok' ? head.data.block : undefined;
  const hubs = useMemo(() => swapHubs(network, deployment), [network, deployment]);
  const verification = verificationOf(
    useSession((s) => s.verification),
    network,
  );
  const verifier = useVerifier();
  const ask = pair && headBlock ? { ...pair, hubs, block: headBlock.number } : undefined;
  const placeholder = { tokenIn: '0x', tokenOut: '0x', amountIn: 0n, hubs, block: 0n } as never;
  const query = useQuery({
    ...swapQuoteQuery(verifier, network, deployment, ask ?? placeholder, verification),
    enabled: ask !== undefined,
    // The previous block's quote while this block's is read: for the same network, pair, amount and checks only.
    placeholderData: (previous, previousQuery) =>
      previousQuery && ask && sameAskBut(previousQuery.queryKey, swapKeys.quote(network, ask, verification))
        ? keepPreviousData(previous)
        : undefined,
  });
  const fresh =
    ask !== undefined && query.data !== undefined && query.data.reading.block + 1n >= ask.block
      ? query.data
      : undefined;
  return {
    quote: fresh?.reading,
    proof: fresh?.proof,
    error: ask ? query.error : null,
    reading: ask !== undefined && !fresh,
    head: headBlock,
  };
}

/** Whether two quote keys differ at most in their block (the last part). */
function sameAskBut(previous: readonly unknown[], next: readonly unknown[]): boolean {
  return JSON.stringify(previous.slice(0, -1)) === JSON.stringify(next.slice(0, -1));
}
