import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import type { UniswapDeployment } from '@/core/chain/uniswapDeployment';
import { readPaymentState } from '@/core/swap/payment';
import { createQuoteReader, type QuoteAsk, type QuoteReader } from '@/core/swap/readQuote';
import { chainKeys } from './chainQueries';

export const swapKeys = {
  quote: (network: Network, ask: QuoteAsk) =>
    [
      ...chainKeys.network(network),
      'swap-quote',
      ask.tokenIn.toLowerCase(),
      ask.tokenOut.toLowerCase(),
      ask.amountIn.toString(),
      ask.block.toString(),
    ] as const,
  payment: (network: Network, owner: Address, token: Address, block: bigint) =>
    [
      ...chainKeys.network(network),
      'swap-payment',
      owner.toLowerCase(),
      token.toLowerCase(),
      block.toString(),
    ] as const,
};

// One reader per network and its node: it keeps the live routes it found between blocks.
const readers = new Map<string, QuoteReader>();

function readerFor(network: Network, deployment: UniswapDeployment): QuoteReader {
  const key = chainKeys.network(network).join('|');
  let reader = readers.get(key);
  if (!reader) {
    reader = createQuoteReader(chainClient(network), deployment);
    readers.set(key, reader);
  }
  return reader;
}

/** A swap's quote at one block, read from the person's node only (two round trips, one when warm). */
export function swapQuoteQuery(network: Network, deployment: UniswapDeployment, ask: QuoteAsk) {
  return queryOptions({
    queryKey: swapKeys.quote(network, ask),
    queryFn: () => readerFor(network, deployment).read(ask),
    // A quote is of its block: the next block is a new key.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
}

/** What the token lets Permit2 take, and what Permit2 lets the router take, at `block`. */
export function swapPaymentQuery(
  network: Network,
  deployment: UniswapDeployment,
  owner: Address,
  token: Address,
  block: bigint,
) {
  return queryOptions({
    queryKey: swapKeys.payment(network, owner, token, block),
    queryFn: () =>
      readPaymentState(chainClient(network), {
        owner,
        token,
        permit2: deployment.permit2,
        router: deployment.universalRouter,
        block,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
}
