import { queryOptions } from '@tanstack/react-query';
import { type PortfolioRequest, type PortfolioSnapshot, readPortfolio } from '@/core/assets/portfolio';
import { portfolioClaims } from '@/core/assets/portfolioClaims';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import type { SavedAbi } from '@/core/contracts/decode/abiIndex';
import { VerifyError } from '@/core/errors/verify';
import type { PreviewCheck } from '@/core/simulation/previewCheck';
import { changesKey } from '@/core/simulation/provenChanges';
import type { SimulationResult, UnsignedTransaction } from '@/core/simulation/types';
import { createMismatchBook } from '@/core/verify/askedAgain';
import type { BalanceCheck } from '@/core/verify/figureChecks';
import { uncheckedBalances } from '@/core/verify/figureChecks';
import type { HeadLedger } from '@/core/verify/headClaims';
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

/**
 * Per network and trust: the figures a node gave at its head, held until a trusted header reaches
 * their block, and whether a proof failed at the last check (core/verify/headClaims.ts).
 */
const headLedgers = new Map<string, HeadLedger>();

/**
 * Per network, trust and transaction: the block a review's call check last met a proof that leads
 * to no root of its header, asked again after the next block before it is a lie (core/verify/askedAgain.ts).
 */
const callMismatches = createMismatchBook();

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
  /** One check per transaction and per set of changes its preview shows (not per block: see callCheckQuery). */
  call: (network: Network, tx: UnsignedTransaction, verification: NetworkVerification, shown: string) =>
    [
      ...chainKeys.network(network),
      'call-check',
      tx.from,
      tx.to ?? '',
      (tx.value ?? 0n).toString(),
      tx.data ?? '0x',
      (tx.gas ?? '').toString(),
      (tx.authorizationList ?? []).map((a) => `${a.address}:${a.nonce}:${a.r}`),
      (tx.upgrades ?? []).map((u) => `${u.authority}:${u.delegate}`),
      JSON.stringify(verification.trust),
      shown,
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
      const { verifyHeadClaims } = await import('@/core/verify/headClaims');
      // What the node said at its head, held from one block's check to the next's, per trust.
      const held = `${chainKeys.network(network).join('|')}|${JSON.stringify(verification.trust)}`;
      // Every proof of a check is asked in the same moment: batched as one request at once.
      const { check, ledger } = await verifyHeadClaims(
        {
          sources: sourcesOf(network, 'prompt'),
          chainId: network.chainId,
          trust,
          claims: portfolioClaims(snapshot, request),
          book: layouts(),
          claimsAt: async (block) =>
            portfolioClaims((await readPortfolio(client, request, true, block)).snapshot, request),
        },
        headLedgers.get(held) ?? { claims: [] },
      );
      headLedgers.set(held, ledger);
      noteCheckCost(network, check.requests, performance.now() - started);
      return check;
    },
    enabled: snapshot !== undefined && verification.mode !== 'off' && request.accounts.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The review's transaction run by the node and by Cairn's own EVM over proven state at the block
 * its preview ran on, and the preview's changes held against that run (checkPreview), when the
 * network's verification covers previews. Once per review and set of changes shown: a preview
 * read again at a later block that shows the same changes keeps its check; one that shows other
 * changes is checked anew. Waits for the preview to settle (`shown` undefined once it failed).
 * A contract creation is not checked (nothing to call). A lie is noted in the alarm. A proof that
 * leads to no root of its header is first VERIFY_PROOF_UNSETTLED (a development node's unsealed
 * state does it honestly): the review asks again after the next block, and met again then, it is a lie.
 */
export function callCheckQuery(
  network: Network,
  tx: UnsignedTransaction,
  verification: NetworkVerification,
  head: bigint | undefined,
  preview: { settled: boolean; shown: SimulationResult | undefined; saved: readonly SavedAbi[] },
) {
  const { shown, saved } = preview;
  return queryOptions({
    queryKey: verifyKeys.call(network, tx, verification, shown ? changesKey(shown) : 'no preview'),
    queryFn: async (): Promise<PreviewCheck> => {
      const to = tx.to;
      const block = shown?.block ?? head;
      if (!to || block === undefined) throw new Error('nothing to check');
      // Prompt-paced sources: the person is waiting for the review.
      const sources = sourcesOf(network, 'prompt');
      const { checkPreview } = await import('@/core/simulation/previewCheck');
      const call = {
        source: sources[0]?.url ?? '',
        transaction: JSON.stringify([tx.from, to, (tx.value ?? 0n).toString(), tx.data ?? '0x']),
        block,
      };
      const question = JSON.stringify([chainKeys.network(network), verification.trust, call.transaction]);
      try {
        const trust = await headerTrust(network, verification);
        const check = await checkPreview(sources, trust, { ...tx, to }, shown, block, saved);
        callMismatches.passed(question);
        noteCallCheck(network, call, check);
        return check;
      } catch (error) {
        if (!(error instanceof VerifyError)) throw error;
        // Asked at the preview's block: under a pin, the next preview's block asks again.
        const judged = callMismatches.failed(question, block, error);
        noteCallCheck(network, call, judged);
        throw judged;
      }
    },
    enabled: verification.mode === 'previews' && !!tx.to && (shown?.block ?? head) !== undefined && preview.settled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
