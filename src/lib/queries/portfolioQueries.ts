import { queryOptions } from '@tanstack/react-query';
import type { Address } from 'viem';
import { portfolioRequestFor } from '@/core/assets/catalogue';
import { findIncomingTokens } from '@/core/assets/discovery';
import type { LastKnownPortfolio } from '@/core/assets/lastKnownPortfolio';
import { type PortfolioRequest, readPortfolio } from '@/core/assets/portfolio';
import type { TokenInfo } from '@/core/assets/token';
import { readTokenMetadata } from '@/core/assets/tokenMetadata';
import { assertSameChain } from '@/core/chain/chainHead';
import { chainClient } from '@/core/chain/client';
import { knownMulticall } from '@/core/chain/multicallProbe';
import type { Network } from '@/core/chain/networks';
import type { Verifier } from '@/core/verify/verifier';
import { chainKeys } from './chainQueries';

export const portfolioKeys = {
  snapshot: (network: Network, request: PortfolioRequest) =>
    [
      ...chainKeys.network(network),
      'portfolio',
      request.accounts,
      request.tokens,
      request.feeds.map((f) => f.address),
      // Only on an L2: an L1's key stays as it was.
      ...(request.sequencer ? [request.sequencer] : []),
    ] as const,
  unsolicited: (network: Network, accounts: readonly Address[], known: readonly string[]) =>
    [...chainKeys.network(network), 'unsolicited-tokens', accounts, known] as const,
  lastKnown: (network: Network) => [...chainKeys.network(network), 'last-known-portfolio'] as const,
  tokenMetadata: (network: Network, token: Address) =>
    [...chainKeys.network(network), 'token-metadata', token.toLowerCase()] as const,
};

/** A token contract's name, symbol and decimals, as the node reads them now (looked up on request). */
export function tokenMetadataQuery(network: Network, token: Address) {
  return queryOptions({
    queryKey: portfolioKeys.tokenMetadata(network, token),
    queryFn: () => readTokenMetadata(chainClient(network), token, network.name),
    retry: false,
  });
}

/**
 * Every balance and price of the portfolio, in one HTTP request (see readPortfolio). The read's
 * time goes to `verifier`, when given, for Settings to show beside a check's.
 */
export function portfolioQuery(
  network: Network,
  request: PortfolioRequest,
  verifier?: Pick<Verifier, 'noteBalancesRead'>,
  { checkChain = false }: { checkChain?: boolean } = {},
) {
  return queryOptions({
    queryKey: portfolioKeys.snapshot(network, request),
    queryFn: async () => {
      const started = performance.now();
      const client = chainClient(network, 'background');
      // Multicall3's code is checked once per network (core/chain/multicallProbe.ts), by whichever read comes first.
      // A read that no head read precedes (a network followed in the background) asks the chain id
      // in the same request, so figures of another chain are never taken for this network's. One
      // query for both kinds of reader (one read per refresh): whichever's read runs, the chain is
      // checked, by this or by the working reader's head (usePortfolio reads only once it is ok).
      const [, { snapshot }] = await Promise.all([
        checkChain ? assertSameChain(client, network) : undefined,
        readPortfolio(client, request, knownMulticall(client)),
      ]);
      verifier?.noteBalancesRead(network, performance.now() - started);
      return snapshot;
    },
    enabled: request.accounts.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A network's price feeds alone, with no account (an L2's parent network's, whose prices stand in
 * for the L2's own: core/assets/l2Pricing.ts): one read through the network's own nodes, its chain
 * id asked in the same request, as a background network's figures are (portfolioQuery).
 */
export function feedPricesQuery(network: Network) {
  return queryOptions({
    ...portfolioQuery(network, portfolioRequestFor(network, [], []), undefined, { checkChain: true }),
    enabled: true,
  });
}

/** The node balances are kept for: the network and its RPC URLs. */
export const lastKnownNode = (network: Network): string => chainKeys.network(network).join('\n');

/**
 * The balances kept from the last read through this node (an earlier visit), from this browser's
 * storage: read even offline, once per visit.
 */
export function lastKnownPortfolioQuery(network: Network, memory: LastKnownPortfolio) {
  return queryOptions({
    queryKey: portfolioKeys.lastKnown(network),
    queryFn: async () => (await memory.read(lastKnownNode(network))) ?? null,
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * Tokens that reached the accounts without being asked for (not in the list, not added), with
 * their metadata. Looked up once per session and network; best effort.
 */
export function unsolicitedTokensQuery(network: Network, accounts: readonly Address[], known: readonly string[]) {
  return queryOptions({
    queryKey: portfolioKeys.unsolicited(network, accounts, known),
    queryFn: async (): Promise<TokenInfo[]> => {
      const client = chainClient(network);
      const found = await findIncomingTokens(client, accounts, network.kind === 'local');
      const fresh = found.filter((address) => !known.includes(address.toLowerCase()));
      const described = await Promise.all(
        fresh.map(async (address) => {
          try {
            const meta = await readTokenMetadata(client, address, network.name);
            return meta.decimals === undefined ? undefined : { address, ...meta, decimals: meta.decimals };
          } catch {
            return undefined;
          }
        }),
      );
      return described.filter((t): t is TokenInfo => t !== undefined);
    },
    enabled: accounts.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
