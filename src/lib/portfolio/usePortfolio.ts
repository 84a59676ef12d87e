import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { Address } from 'viem';
import { portfolioRequestFor, portfolioTokens } from '@/core/assets/catalogue';
import { type PickedPrice, type PricedSnapshot, shownPrices } from '@/core/assets/l2Pricing';
import { type HeadInput, networkReadState, type StaleBecause } from '@/core/assets/networkPortfolio';
import type { PortfolioRequest, PortfolioSnapshot } from '@/core/assets/portfolio';
import { portfolioClaims } from '@/core/assets/portfolioClaims';
import { buildPortfolioView, shownSnapshot } from '@/core/assets/portfolioView';
import type { Network } from '@/core/chain/networks';
import { type Attention, paceOf } from '@/core/chain/refreshPolicy';
import { carriedCheck } from '@/core/verify/carriedCheck';
import { asksAgain, type BalanceCheck, type BalanceClaims, caughtLying } from '@/core/verify/figureChecks';
import { verificationOf } from '@/core/verify/verificationSetting';
import { useOnline } from '@/lib/browser/useOnline';
import { useAccountsToRead } from '@/lib/portfolio/accountsToRead';
import { nextReadMs, type ReadState, refusingNow } from '@/lib/portfolio/readBackoff';
import { useParentPrices } from '@/lib/portfolio/useParentPrices';
import { chainKeys } from '@/lib/queries/chainQueries';
import {
  lastKnownNode,
  lastKnownPortfolioQuery,
  portfolioQuery,
  unsolicitedTokensQuery,
} from '@/lib/queries/portfolioQueries';
import { useChainHead } from '@/lib/queries/useChainHead';
import { balanceCheckQuery } from '@/lib/queries/verifyQueries';
import { useLastKnownPortfolio } from '@/lib/stores/lastKnownPortfolioContext';
import { useSelectedNetwork, useSession } from '@/lib/stores/session';
import { useVerifier } from '@/lib/verify/verifierContext';

const EMPTY: never[] = [];
const NO_PRICES: ReadonlyMap<string, PickedPrice> = new Map();

/** The block of the balances last kept per node in this window. */
const savedBlock = new Map<string, bigint>();

/** How old balances may get, in a view that does not follow every block (the header's account chip). */
const SLOW_REFRESH_MS = 60_000;

/** Everything the portfolio shows for the selected network (see useNetworkPortfolio). */
export function usePortfolio(options: { everyBlock?: boolean } = {}) {
  return useNetworkPortfolio(useSelectedNetwork(), options);
}

export type NetworkPortfolio = ReturnType<typeof useNetworkPortfolio>;

/**
 * Everything the portfolio shows for one network: balances of every visible account
 * (only the selected one through a node the person did not choose, unless they allowed all: see
 * useAccountsToRead) and token with their dollar values, read in one request and refreshed at each new block (or,
 * with `everyBlock: false`, at the first new block a minute after the last read: the header shows
 * values on every screen without a read per block on each). While the node fails, the last
 * snapshot stays (the caller marks it stale).
 */
export function useNetworkPortfolio(
  network: Network,
  {
    everyBlock = true,
    attention = 'working',
    parent,
  }: {
    everyBlock?: boolean;
    attention?: Attention;
    /**
     * An L2's parent network's figures as the caller reads them beside it (Home across networks),
     * whose prices stand in while its sequencer is not up. Without it, the parent's prices are read
     * here when wanted (useParentPrices).
     */
    parent?: { snapshot: PricedSnapshot | undefined } | undefined;
  } = {},
) {
  const background = attention === 'background';
  const { accounts, limited } = useAccountsToRead(network);
  const addresses = useMemo(() => accounts.map((a) => a.address as Address), [accounts]);
  const custom = useSession((s) => s.customTokens[network.id] ?? EMPTY);
  const hidden = useSession((s) => s.hiddenTokens[network.id] ?? EMPTY);
  const hideZero = useSession((s) => s.hideZeroBalances);

  const known = useMemo(
    () => portfolioTokens(network, custom, [], []).map((t) => t.address.toLowerCase()),
    [network, custom],
  );
  const unsolicited = useQuery(unsolicitedTokensQuery(network, addresses, known));

  const tokens = useMemo(
    () => portfolioTokens(network, custom, unsolicited.data ?? EMPTY, hidden),
    [network, custom, unsolicited.data, hidden],
  );
  const request = useMemo(
    () =>
      portfolioRequestFor(
        network,
        addresses,
        tokens.map((t) => t.address),
      ),
    [addresses, tokens, network],
  );
  const head = useChainHead(network, attention);
  // Never read balances through a node that answers for another chain.
  const chainOk = head.data?.status === 'ok';
  // While a changed request (a token found, added or hidden) is read, the last balances stay on screen.
  const verifier = useVerifier();
  const snapshot = useQuery({
    ...portfolioQuery(network, request, verifier, { checkChain: background }),
    enabled: addresses.length > 0 && chainOk,
    // In the background the figures' own read sets the pace (it tells its block): one request per
    // pace, and one on focus; the head is asked only now and then. A node that refuses reads as
    // too many is asked later and later (refreshPolicy, readBackoff).
    ...(background
      ? {
          refetchInterval: (query: { queryHash: string; state: ReadState }) =>
            nextReadMs(query.queryHash, query.state, paceOf(network, 'background').pollMs),
          refetchOnWindowFocus: (query: { state: ReadState }) => (refusingNow(query.state) ? false : 'always'),
        }
      : {}),
    // Only from the same node: never show balances read through other URLs or another network.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameNode(previousQuery.queryKey, chainKeys.network(network)) ? previous : undefined,
  });

  const latest = head.data?.blockNumber;
  const { data, isFetching, isError, refetch, dataUpdatedAt } = snapshot;
  // What a refresh was last asked for: a new head when balances are shown, or a fresh answer from
  // the node (at most one per head poll) after a failed read — never a loop.
  const refreshedFor = useRef<string | undefined>(undefined);
  const headSeenAt = head.dataUpdatedAt;
  useEffect(() => {
    if (latest === undefined || isFetching || !chainOk || (background && !isError)) return;
    const behind = data !== undefined && latest !== data.blockNumber;
    const due = everyBlock || headSeenAt - dataUpdatedAt >= SLOW_REFRESH_MS;
    const reason = isError ? `retry ${headSeenAt}` : behind && due ? `head ${latest}` : undefined;
    if (reason === undefined || refreshedFor.current === reason) return;
    refreshedFor.current = reason;
    // Joins a read already under way (the header's account chip and the screen both ask): one request per head.
    void refetch({ cancelRefetch: false });
  }, [latest, headSeenAt, chainOk, data, dataUpdatedAt, everyBlock, isError, isFetching, refetch, background]);

  // The last balances read through this node stay on screen (marked stale) even when a changed
  // request (a token hidden or found just as the node went down) could not be read; and those
  // kept from an earlier visit show until the first read (or, offline, instead of it).
  const node = lastKnownNode(network);
  const lastRead = useRef<{ node: string; data: NonNullable<typeof data> } | undefined>(undefined);
  const fresh = data && !snapshot.isPlaceholderData ? data : undefined;
  if (fresh) lastRead.current = { node, data: fresh };
  const lastKnown = useLastKnownPortfolio();
  const kept = useQuery(lastKnownPortfolioQuery(network, lastKnown));
  const { checks, checked, lying } = useBalanceChecks(network, fresh, request, tokens);
  useEffect(() => {
    // Once per node and block, however many views read the portfolio; never what a proof
    // contradicted or asks again, nor before the check has said; the proven balance where the
    // node gives another at its head.
    if (!fresh || !checked || lying || savedBlock.get(node) === fresh.blockNumber) return;
    savedBlock.set(node, fresh.blockNumber);
    void lastKnown.save(node, shownSnapshot(fresh, checks)).catch(() => undefined);
  }, [fresh, checked, lying, checks, lastKnown, node]);
  const online = useOnline();
  const { shown, status } = networkReadState({
    online,
    head: headInput(head),
    read: { data, error: snapshot.isError ? snapshot.error : undefined, wanted: addresses.length > 0 },
    lastRead: lastRead.current?.node === node ? lastRead.current.data : undefined,
    kept: kept.data ?? undefined,
  });
  // Balances shown again while a changed request is read, or after a failed read, keep the check
  // they were shown with: a claim the proofs contradicted never shows as the node said it.
  const checkedRead = useRef<{ snapshot: PortfolioSnapshot; checks: BalanceCheck } | undefined>(undefined);
  if (fresh && checks) checkedRead.current = { snapshot: fresh, checks };
  const earlier = checkedRead.current;
  const shownChecks = shown === fresh ? checks : earlier && earlier.snapshot === shown ? earlier.checks : undefined;

  const ownParent = useParentPrices(network, shown, tokens, { enabled: parent === undefined });
  const parentPrices = parent ? parent.snapshot : ownParent;
  const view = useMemo(
    () =>
      shown
        ? buildPortfolioView(shown, network, addresses, tokens, {
            hideZero,
            checks: shownChecks,
            parent: parentPrices,
          })
        : undefined,
    [shown, network, addresses, tokens, hideZero, shownChecks, parentPrices],
  );
  // Each asset's price as every figure takes it: the sequencer rule, the parent's standing in.
  const prices = useMemo(
    () => (shown ? shownPrices(network, shown, tokens, parentPrices) : NO_PRICES),
    [shown, network, tokens, parentPrices],
  );
  // Every figure derived from a balance (the chart, the 24-hour change, Send's and Swap's balances,
  // Approvals' amounts at risk) reads this: the proven balance where a check has one apart from
  // the node's claim. Only the view's rows keep the claim, to strike it through beside it.
  const figures = useMemo(() => (shown ? shownSnapshot(shown, shownChecks) : undefined), [shown, shownChecks]);
  const nodeDown = !online || head.isError || head.data?.status === 'wrong-chain';
  const stale = status.state === 'stale';
  const staleBecause = status.state === 'stale' ? oldStaleBecause(status.because, nodeDown) : ('reading' as const);
  return {
    network,
    accounts,
    addresses,
    /** Only the selected account is read: the network's node is not one the person chose, and they did not allow all. */
    limited,
    /** The tokens read: listed, added and unsolicited, hidden ones left out. */
    tokens,
    view,
    /** The balances as every figure takes them: proven where a check has one apart from the node's claim. */
    snapshot: figures,
    /**
     * Each asset's price as every figure takes it ('native' or a lower-case token address):
     * shownPrices' rule, an L2's parent network's price standing in while its sequencer is not up.
     */
    prices,
    error: snapshot.error,
    loading: snapshot.isPending && addresses.length > 0,
    stale,
    /**
     * Why the shown balances are old: the browser is offline, the node is down (or on another
     * chain), this read failed, or they were kept from an earlier visit and the first read is on its way.
     */
    staleBecause,
    /** Offline, or the node is down or on another chain: nothing is read until it answers (the shell says so). */
    nodeDown,
    offline: !online,
    /** The network's read as its status and the totals across networks take it (core/assets/networkPortfolio). */
    status,
    /** The shown balances checked against proofs (verification on), or undefined. */
    checks: shownChecks,
    /** Reads the balances again now (after a failed read). */
    retry: () => void refetch({ cancelRefetch: false }),
    retrying: isFetching,
  };
}

/**
 * The fresh snapshot's balances checked against proofs, when the network's verification is on:
 * the check of this block, or the last one carried over to the figures that did not move while
 * this one is on its way. The check itself notes its outcome in the alarm, through the verifier
 * (balanceCheckQuery). `checked`: the check has said (or verification is off); `lying`: it caught
 * the node lying, or asks again after the next block (nothing of it is kept).
 */
function useBalanceChecks(
  network: Network,
  fresh: PortfolioSnapshot | undefined,
  request: PortfolioRequest,
  tokens: ReturnType<typeof portfolioTokens>,
) {
  const verification = verificationOf(
    useSession((s) => s.verification),
    network,
  );
  const verifier = useVerifier();
  const query = useQuery(balanceCheckQuery(verifier, network, fresh, request, verification, tokens));
  const last = useRef<{ node: string; check: BalanceCheck; claims: BalanceClaims } | undefined>(undefined);
  const node = lastKnownNode(network);
  const on = verification.mode !== 'off';
  const current = on && query.data && !query.isPlaceholderData ? query.data : undefined;
  if (current && fresh) last.current = { node, check: current, claims: portfolioClaims(fresh, request) };
  const checks = useMemo(() => {
    if (!on || !fresh) return undefined;
    if (current) return current;
    const before = last.current;
    return before?.node === node
      ? carriedCheck(before.check, before.claims, portfolioClaims(fresh, request))
      : undefined;
  }, [on, fresh, current, node, request]);
  return {
    checks,
    checked: !on || query.isSuccess || query.isError,
    lying: current ? caughtLying(current) || asksAgain(current) : false,
  };
}

/** The network's one head query, as the read state takes it. */
function headInput(head: ReturnType<typeof useChainHead>): HeadInput {
  // A failed ask keeps the last head's data: the failure comes first.
  if (head.isError) return { state: 'failed', error: head.error };
  if (head.data?.status === 'wrong-chain')
    return { state: 'wrongChain', chainId: head.data.chainId, expectedChainId: head.data.expectedChainId };
  if (head.data?.status === 'ok') return { state: 'ok' };
  return { state: 'pending' };
}

/** The four reasons Home's summary words (a rate limit is the node's when its head fails, else the read's). */
function oldStaleBecause(because: StaleBecause, nodeDown: boolean): 'offline' | 'node' | 'read' | 'reading' {
  switch (because) {
    case 'offline':
      return 'offline';
    case 'node':
    case 'wrongChain':
      return 'node';
    case 'rateLimited':
      return nodeDown ? 'node' : 'read';
    case 'read':
      return 'read';
    case 'reading':
    case 'kept':
      return 'reading';
  }
}

function sameNode(key: readonly unknown[], node: readonly unknown[]): boolean {
  return node.every((part, i) => key[i] === part);
}
