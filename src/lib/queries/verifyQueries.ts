import { queryOptions } from '@tanstack/react-query';
import { type PortfolioRequest, type PortfolioSnapshot, readPortfolio } from '@/core/assets/portfolio';
import { portfolioClaims } from '@/core/assets/portfolioClaims';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { VerifyError } from '@/core/errors/verify';
import type { UnsignedTransaction } from '@/core/simulation/types';
import type { BalanceCheck } from '@/core/verify/figureChecks';
import { uncheckedBalances } from '@/core/verify/figureChecks';
import { keptLayoutBook, type LayoutBook, memoryLayoutBook } from '@/core/verify/layoutBook';
import { sourcesOf } from '@/core/verify/sources';
import type { HeaderTrust } from '@/core/verify/trustedHeader';
import type { NetworkVerification } from '@/core/verify/verificationSetting';
import { layoutStore } from '../layoutKeeping';
import { lightClientHeader } from '../lightClientTrust';
import { noteCallCheck } from '../verificationCallAlarm';
import { noteCheckCost } from '../verificationCost';
import { chainKeys } from './chainQueries';

/**
 * The balance layouts learnt, per token (core/verify/layoutBook.ts): kept where the wallet keeps
 * them (layoutKeeping.ts), in memory where it keeps none (tests, a page without storage).
 */
let book: (LayoutBook & { ready?: Promise<void> }) | undefined;
const layouts = () => {
  if (!book) {
    const store = layoutStore();
    book = store ? keptLayoutBook(store) : memoryLayoutBook();
  }
  return book;
};

/** The header trust a stored choice means: a light client's is asked for its newest header here. */
export async function headerTrust(network: Network, verification: NetworkVerification): Promise<HeaderTrust> {
  const trust = verification.trust;
  if (trust.kind === 'pinned') return { kind: 'pinned', number: BigInt(trust.number), hash: trust.hash };
  if (trust.kind === 'lightClient') {
    const [source] = sourcesOf(network);
    if (!source) throw new Error('a network without RPC URLs');
    return { kind: 'given', header: await lightClientHeader(network, trust, source) };
  }
  return { kind: 'agreement' };
}

export const verifyKeys = {
  call: (network: Network, tx: UnsignedTransaction, verification: NetworkVerification) =>
    [
      ...chainKeys.network(network),
      'call-check',
      tx.from,
      tx.to ?? '',
      (tx.value ?? 0n).toString(),
      tx.data ?? '0x',
      JSON.stringify(verification.trust),
    ] as const,
  balances: (
    network: Network,
    snapshot: PortfolioSnapshot,
    request: PortfolioRequest,
    verification: NetworkVerification,
  ) =>
    [
      ...chainKeys.network(network),
      'balance-check',
      snapshot.blockNumber.toString(),
      request.accounts,
      request.tokens,
      JSON.stringify(verification.trust),
    ] as const,
};

/**
 * The snapshot's balances checked against proofs under the network's trusted header (see
 * verifyBalances), once per block. Never retried on its own: the next block checks again.
 */
export function balanceCheckQuery(
  network: Network,
  snapshot: PortfolioSnapshot | undefined,
  request: PortfolioRequest,
  verification: NetworkVerification,
) {
  return queryOptions({
    queryKey: snapshot ? verifyKeys.balances(network, snapshot, request, verification) : ['balance-check-none'],
    queryFn: async (): Promise<BalanceCheck> => {
      if (!snapshot) throw new Error('no snapshot to check');
      const started = performance.now();
      await layouts().ready;
      const client = chainClient(network, 'background');
      let trust: HeaderTrust;
      try {
        trust = await headerTrust(network, verification);
      } catch (error) {
        if (error instanceof VerifyError) return uncheckedBalances(snapshot.blockNumber, error);
        throw error;
      }
      // The proofs' code loads with the first check, not with the wallet's first screen.
      const { verifyBalances } = await import('@/core/verify/verifyBalances');
      // Every proof of a check is asked in the same moment: batched as one request at once.
      const check = await verifyBalances(
        sourcesOf(network, 'prompt'),
        network.chainId,
        trust,
        portfolioClaims(snapshot, request),
        layouts(),
        async (block) => portfolioClaims((await readPortfolio(client, request, true, block)).snapshot, request),
      );
      noteCheckCost(network, check.requests, performance.now() - started);
      return check;
    },
    enabled: snapshot !== undefined && verification.mode !== 'off' && request.accounts.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The review's transaction run by the node and by Cairn's own EVM over proven state at the trusted
 * block (checkCall), when the network's verification covers previews; once per review. A
 * contract creation is not checked (nothing to call).
 */
export function callCheckQuery(
  network: Network,
  tx: UnsignedTransaction,
  verification: NetworkVerification,
  head: bigint | undefined,
) {
  return queryOptions({
    queryKey: verifyKeys.call(network, tx, verification),
    queryFn: async () => {
      if (!tx.to || head === undefined) throw new Error('nothing to check');
      // Prompt-paced sources: the person is waiting for the review.
      const sources = sourcesOf(network, 'prompt');
      const { checkCall } = await import('@/core/verify/checkedCall');
      const call = {
        source: sources[0]?.url ?? '',
        transaction: JSON.stringify([tx.from, tx.to, (tx.value ?? 0n).toString(), tx.data ?? '0x']),
        block: head,
      };
      try {
        const trust = await headerTrust(network, verification);
        const check = await checkCall(sources, trust, head, {
          from: tx.from,
          to: tx.to,
          data: tx.data ?? '0x',
          ...(tx.value ? { value: tx.value } : {}),
          ...(tx.gas ? { gas: tx.gas } : {}),
        });
        noteCallCheck(network, call, check);
        return check;
      } catch (error) {
        if (error instanceof VerifyError) noteCallCheck(network, call, error);
        throw error;
      }
    },
    enabled: verification.mode === 'previews' && tx.to !== undefined && head !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
