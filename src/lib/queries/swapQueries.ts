import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import type { UniswapDeployment } from '@/core/chain/uniswapDeployment';
import { VerifyError } from '@/core/errors/verify';
import { type CheckedQuoteReader, createCheckedQuoteReader, type QuoteProof } from '@/core/swap/checkedQuote';
import { readPaymentState } from '@/core/swap/payment';
import { createQuoteReader, type QuoteAsk, type QuoteReader, type QuoteReading } from '@/core/swap/readQuote';
import { sourcesOf } from '@/core/verify/sources';
import type { HeaderTrust } from '@/core/verify/trustedHeader';
import type { NetworkVerification } from '@/core/verify/verificationSetting';
import type { Verifier } from '@/core/verify/verifier';
import { chainKeys } from './chainQueries';

/** A quote as the screen shows it: the node's reading, and what proofs say of it (undefined where none are asked). */
export type SwapQuoteResult = { reading: QuoteReading; proof: QuoteProof | undefined };

/** Whether the network's proof checks take in swap quotes: they do with previews (Cairn's EVM runs calls). */
export const quotesChecked = (verification: NetworkVerification | undefined): verification is NetworkVerification =>
  verification?.mode === 'previews';

export const swapKeys = {
  /** The block last: a quote is of its block (the screen keeps the last one while the next is read). */
  quote: (network: Network, ask: QuoteAsk, verification?: NetworkVerification) =>
    [
      ...chainKeys.network(network),
      'swap-quote',
      ask.tokenIn.toLowerCase(),
      ask.tokenOut.toLowerCase(),
      ask.amountIn.toString(),
      quotesChecked(verification) ? JSON.stringify(verification.trust) : 'unchecked',
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

// One checked reader per network and its sources: it keeps the live routes, and what their checks read.
const checkedReaders = new Map<string, CheckedQuoteReader>();

function checkedReaderFor(network: Network, deployment: UniswapDeployment): CheckedQuoteReader {
  const key = chainKeys.network(network).join('|');
  let reader = checkedReaders.get(key);
  if (!reader) {
    // Prompt-paced: the person is waiting for the quote.
    reader = createCheckedQuoteReader(sourcesOf(network, 'prompt'), deployment);
    checkedReaders.set(key, reader);
  }
  return reader;
}

/**
 * The quote, its calls run again by Cairn's EVM over proven state (createCheckedQuoteReader). What
 * the check finds goes to the network's alarm through the verifier: a lie holds sending; a quote
 * that checks out ends a lie told before about the same swap.
 */
async function checkedQuote(
  verifier: Verifier,
  network: Network,
  deployment: UniswapDeployment,
  ask: QuoteAsk,
  verification: NetworkVerification,
): Promise<SwapQuoteResult> {
  let trust: HeaderTrust;
  try {
    trust = await verifier.headerTrust(network, verification);
  } catch (error) {
    if (!(error instanceof VerifyError)) throw error;
    return {
      reading: await readerFor(network, deployment).read(ask),
      proof: { state: 'unproven', reason: error.text },
    };
  }
  const { reading, proof, check } = await checkedReaderFor(network, deployment).read(ask, trust);
  if (check) {
    const swap = [ask.tokenIn.toLowerCase(), ask.tokenOut.toLowerCase(), ask.amountIn.toString()];
    const ref = {
      source: network.rpcUrls[0] ?? '',
      transaction: JSON.stringify(['swap quote', ...swap]),
      block: reading.block,
      ...(proof.state === 'contradicted' ? { differs: proof.problem } : {}),
    };
    verifier.noteCallCheck(network, ref, check);
  }
  return { reading, proof };
}

/**
 * A swap's quote at one block, read from the person's node (two round trips, one when warm); where
 * the network's checks take in quotes, with its calls proven (checkedQuote; two round trips warm).
 */
export function swapQuoteQuery(
  verifier: Verifier,
  network: Network,
  deployment: UniswapDeployment,
  ask: QuoteAsk,
  verification?: NetworkVerification,
) {
  return queryOptions({
    queryKey: swapKeys.quote(network, ask, verification),
    queryFn: async (): Promise<SwapQuoteResult> =>
      quotesChecked(verification)
        ? checkedQuote(verifier, network, deployment, ask, verification)
        : { reading: await readerFor(network, deployment).read(ask), proof: undefined },
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
