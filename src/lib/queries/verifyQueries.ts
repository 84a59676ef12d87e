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
import type { AlarmAssets } from '@/core/verify/alarmRules';
import type { BalanceCheck } from '@/core/verify/figureChecks';
import { uncheckedBalances } from '@/core/verify/figureChecks';
import { sourcesOf } from '@/core/verify/sources';
import type { HeaderTrust } from '@/core/verify/trustedHeader';
import type { NetworkVerification } from '@/core/verify/verificationSetting';
import type { Verifier } from '@/core/verify/verifier';
import { chainKeys } from './chainQueries';

// The checks' state (layouts learnt, what the node said at its head, questions asked again, the
// alarm) is the verifier's (core/verify/verifier.ts), built once per window and handed in.

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
 * verifyBalances), once per block. Never retried on its own: the next block checks again. Each
 * check's outcome goes to the network's alarm through the verifier as it finishes, whether or not
 * a screen shows it; `tokens` name the contradicted figures there.
 */
export function balanceCheckQuery(
  verifier: Verifier,
  network: Network,
  snapshot: PortfolioSnapshot | undefined,
  request: PortfolioRequest,
  verification: NetworkVerification,
  tokens: AlarmAssets['tokens'],
) {
  return queryOptions({
    queryKey: snapshot ? verifyKeys.balances(network, snapshot, request, verification) : ['balance-check-none'],
    queryFn: async (): Promise<BalanceCheck> => {
      if (!snapshot) throw new Error('no snapshot to check');
      const check = await checkBalances(verifier, network, snapshot, request, verification);
      const { symbol, decimals } = network.nativeCurrency;
      verifier.noteBalanceCheck(network, check, { native: { symbol, decimals }, tokens });
      return check;
    },
    enabled: snapshot !== undefined && verification.mode !== 'off' && request.accounts.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The check balanceCheckQuery runs, with its cost noted for Settings. */
async function checkBalances(
  verifier: Verifier,
  network: Network,
  snapshot: PortfolioSnapshot,
  request: PortfolioRequest,
  verification: NetworkVerification,
): Promise<BalanceCheck> {
  const started = performance.now();
  const book = await verifier.layouts();
  const client = chainClient(network, 'background');
  let trust: HeaderTrust;
  try {
    trust = await verifier.headerTrust(network, verification);
  } catch (error) {
    if (error instanceof VerifyError) return uncheckedBalances(snapshot.blockNumber, error);
    throw error;
  }
  // The proofs' code loads with the first check, not with the wallet's first screen.
  const { verifyHeadClaims } = await import('@/core/verify/headClaims');
  // Every proof of a check is asked in the same moment: batched as one request at once.
  const { check, ledger } = await verifyHeadClaims(
    {
      sources: sourcesOf(network, 'prompt'),
      chainId: network.chainId,
      trust,
      claims: portfolioClaims(snapshot, request),
      book,
      claimsAt: async (block) => portfolioClaims((await readPortfolio(client, request, true, block)).snapshot, request),
    },
    // What the node said at its head, held from one block's check to the next's, per trust.
    verifier.headLedger(network, verification.trust),
  );
  verifier.keepHeadLedger(network, verification.trust, ledger);
  verifier.noteCheckCost(network, check.requests, performance.now() - started);
  return check;
}

/**
 * The review's transaction run by the node and by Cairn's own EVM over proven state at the block
 * its preview ran on, and the preview's changes held against that run (checkPreview), when the
 * network's verification covers previews. Once per review and set of changes shown: a preview
 * read again at a later block that shows the same changes keeps its check; one that shows other
 * changes is checked anew. Waits for the preview to settle (`shown` undefined once it failed).
 * A contract creation is not checked (nothing to call). The outcome goes to the alarm through the
 * verifier. A proof that leads to no root of its header is first VERIFY_PROOF_UNSETTLED (a
 * development node's unsealed state does it honestly): the review asks again after the next
 * block, and met again then, it is a lie.
 */
export function callCheckQuery(
  verifier: Verifier,
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
        const trust = await verifier.headerTrust(network, verification);
        const check = await checkPreview(sources, trust, { ...tx, to }, shown, block, saved);
        verifier.callMismatches.passed(question);
        verifier.noteCallCheck(network, call, check);
        return check;
      } catch (error) {
        if (!(error instanceof VerifyError)) throw error;
        // Asked at the preview's block: under a pin, the next preview's block asks again.
        const judged = verifier.callMismatches.failed(question, block, error);
        verifier.noteCallCheck(network, call, judged);
        throw judged;
      }
    },
    enabled: verification.mode === 'previews' && !!tx.to && (shown?.block ?? head) !== undefined && preview.settled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
