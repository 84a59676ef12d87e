import { queryOptions } from '@tanstack/react-query';
import { type PortfolioRequest, type PortfolioSnapshot, readPortfolio } from '@/core/assets/portfolio';
import { chainClient } from '@/core/chain/client';
import type { Network } from '@/core/chain/networks';
import { memoryLayoutBook } from '@/core/verify/layoutBook';
import { sourcesOf } from '@/core/verify/sources';
import type { HeaderTrust } from '@/core/verify/trustedHeader';
import type { NetworkVerification } from '@/core/verify/verificationSetting';
import { type BalanceCheck, type BalanceClaims, verifyBalances } from '@/core/verify/verifyBalances';
import { chainKeys } from './chainQueries';

/** The balance layouts found in this window, per contract code (core/verify/layoutBook.ts). */
const layouts = memoryLayoutBook();

/** What the last check on each network cost, for Settings: its requests and time, and the read's. */
export type CheckCost = { requests: number; ms: number; readMs: number | undefined };
const costs = new Map<string, CheckCost>();
export const lastCheckCost = (network: Network): CheckCost | undefined =>
  costs.get(chainKeys.network(network).join('|'));

/** How long each network's last balances read took (portfolioQuery notes it), beside the check's cost. */
export const readTimes = new Map<string, number>();

const claimsOf = (snapshot: PortfolioSnapshot, request: PortfolioRequest): BalanceClaims => ({
  blockNumber: snapshot.blockNumber,
  accounts: request.accounts,
  tokens: request.tokens,
  native: snapshot.native,
  tokenBalances: snapshot.tokens,
});

/** The header trust a stored choice means, once a light client has given its header where it is the choice. */
function headerTrust(verification: NetworkVerification): HeaderTrust {
  const trust = verification.trust;
  if (trust.kind === 'pinned') return { kind: 'pinned', number: BigInt(trust.number), hash: trust.hash };
  return { kind: 'agreement' };
}

export const verifyKeys = {
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
      const client = chainClient(network, 'background');
      const check = await verifyBalances(
        sourcesOf(network),
        network.chainId,
        headerTrust(verification),
        claimsOf(snapshot, request),
        layouts,
        async (block) => claimsOf((await readPortfolio(client, request, true, block)).snapshot, request),
      );
      const node = chainKeys.network(network).join('|');
      costs.set(node, { requests: check.requests, ms: performance.now() - started, readMs: readTimes.get(node) });
      return check;
    },
    enabled: snapshot !== undefined && verification.mode !== 'off' && request.accounts.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
