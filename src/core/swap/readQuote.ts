// A swap's quote, read from the chain through the person's own node and nothing else: at most two
// round trips at one block. The first reads every candidate pool's price and liquidity (one
// Multicall3 call, with Multicall3's code checked beside it when no read of the network has yet:
// multicallProbe.ts); the second asks the quoter contracts for every route whose pools are live.
// A quote asked again for the same pair reuses the live routes found and reads their pools and
// quotes in one round trip.
import type { Address } from 'viem';
import { call } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { aggregate3, type Call3, type CallOutcome, plainCalls } from '../chain/multicall';
import { knownMulticall, probeMulticall } from '../chain/multicallProbe';
import { toChainError } from '../chain/toChainError';
import type { SwapContracts } from './contracts';
import type { PoolState } from './pools';
import { decodeQuote, decodeState, quoteCall, stateCalls } from './quoteCalls';
import { bestQuote, compareQuotes, midPriceOut, priceImpactBps, type SwapQuote } from './routeChoice';
import { candidateRoutes, liveRoutes, type PoolRef, poolKeyOf, poolsOf, type Route, withinReach } from './routes';

export type QuoteAsk = {
  /** NATIVE (the zero address) for the chain's coin. */
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  /** The network's main tokens to route through: wrapped coin, USDC, USDT, DAI. */
  hubs: readonly Address[];
  /** The block every read is made at. */
  block: bigint;
};

export type QuoteReading =
  | { kind: 'quoted'; block: bigint; best: SwapQuote; others: SwapQuote[] }
  /** No pool at all joins the two. */
  | { kind: 'noRoute'; block: bigint }
  /** Pools exist, but none has liquidity for this amount. */
  | { kind: 'noLiquidity'; block: bigint };

/** After this many blocks, the pools a pair can use are looked for again (new pools, pools drained). */
const ROUTES_KEPT_FOR_BLOCKS = 50n;

/** Every call a reading made of the node, in order, with the node's answer to each: what a proven run checks. */
export type QuoteCalls = { asked: Call3[]; answered: CallOutcome[] };

export type QuoteReader = {
  read(ask: QuoteAsk): Promise<QuoteReading>;
  /**
   * The reading, with the calls it made and the node's answers. `beforeQuotes`, when a first
   * reading of the pair asks its quotes in a second round trip, is awaited just before, with every
   * call the reading makes and the answers of those already answered (the pools' states): what
   * else goes in that request can start then.
   */
  readWithCalls(
    ask: QuoteAsk,
    beforeQuotes?: (asked: readonly Call3[], answered: readonly CallOutcome[]) => Promise<void>,
  ): Promise<{ reading: QuoteReading; calls: QuoteCalls }>;
};

/** A reader for one network's client and Uniswap contracts; it keeps what it learned between asks. */
export function createQuoteReader(client: ChainClient, contracts: SwapContracts): QuoteReader {
  const known = new Map<string, { routes: Route[]; found: bigint; states: Map<string, PoolState> }>();

  async function calls(batch: readonly Call3[], block: bigint): Promise<CallOutcome[]> {
    if (batch.length === 0) return [];
    if (knownMulticall(client) === undefined) {
      // The network's one Multicall3 probe, in the batch of the first read (no other read found it yet).
      const [found, outcomes] = await Promise.allSettled([
        probeMulticall(client),
        aggregate3(client, batch, undefined, block),
      ]);
      if (found.status === 'rejected') throw found.reason;
      if (found.value && outcomes.status === 'fulfilled') return outcomes.value;
      if (found.value && outcomes.status === 'rejected') throw outcomes.reason;
    }
    return knownMulticall(client) ? aggregate3(client, batch, undefined, block) : plainCalls(client, batch, block);
  }

  /**
   * Quotes: one route that runs out of gas (an amount far beyond a pool, crossing every tick) sinks
   * an aggregate3 call whole. Then each is asked alone, still in one JSON-RPC batch, and a route
   * the node refuses to run is one without a quote. A node that cannot be reached throws.
   */
  async function quoteCalls(batch: readonly Call3[], block: bigint): Promise<CallOutcome[]> {
    try {
      return await calls(batch, block);
    } catch (error) {
      if (!knownMulticall(client) || nodeUnwell(error)) throw error;
      return Promise.all(
        batch.map(async (one): Promise<CallOutcome> => {
          try {
            return {
              ok: true,
              data: (await call(client, { blockNumber: block, to: one.target, data: one.callData })).data,
            };
          } catch (alone) {
            if (nodeUnwell(alone)) throw alone;
            return { ok: false, saidWhy: false };
          }
        }),
      );
    }
  }

  function statesOf(pools: readonly PoolRef[], outcomes: readonly CallOutcome[]): Map<string, PoolState> {
    const states = new Map<string, PoolState>();
    pools.forEach((pool, i) => {
      const state = decodeState(pool, outcomes[2 * i], outcomes[2 * i + 1]);
      if (state) states.set(poolKeyOf(pool), state);
    });
    return states;
  }

  function quotes(
    routes: readonly Route[],
    ask: QuoteAsk,
    states: ReadonlyMap<string, PoolState>,
    outcomes: readonly (CallOutcome | undefined)[],
  ): SwapQuote[] {
    const out: SwapQuote[] = [];
    routes.forEach((route, i) => {
      const quote = decodeQuote(route, outcomes[i]);
      if (!quote || quote.amountOut === 0n) return;
      // A quote whose pools' prices were not read with it has no price impact to show: dropped.
      const ideal = midPriceOut(route, ask.amountIn, states);
      if (ideal === undefined) return;
      out.push({ route, amountIn: ask.amountIn, ...quote, priceImpactBps: priceImpactBps(ideal, quote.amountOut) });
    });
    return out.sort(compareQuotes);
  }

  const pairKey = (ask: QuoteAsk) => `${ask.tokenIn.toLowerCase()}>${ask.tokenOut.toLowerCase()}`;

  async function read(
    ask: QuoteAsk,
    made: QuoteCalls,
    beforeQuotes?: (asked: readonly Call3[], answered: readonly CallOutcome[]) => Promise<void>,
  ): Promise<QuoteReading> {
    const note = (asked: readonly Call3[], answered: readonly CallOutcome[]) => {
      made.asked.push(...asked);
      made.answered.push(...answered);
      return answered;
    };
    const kept = known.get(pairKey(ask));
    const fresh = kept && ask.block >= kept.found && ask.block - kept.found < ROUTES_KEPT_FOR_BLOCKS;
    let routes: Route[];
    let states: Map<string, PoolState>;
    let quoteOutcomes: (CallOutcome | undefined)[];
    if (fresh && kept.routes.length > 0) {
      // One round trip: the live routes' pools and their quotes together.
      routes = kept.routes.filter((route) => withinReach(route, ask.amountIn, kept.states));
      const pools = poolsOf(routes);
      const quoteBatch = routes.map((route) => quoteCall(route, ask.amountIn, contracts));
      const asked = [...stateCalls(pools, contracts), ...quoteBatch.filter(isCall)];
      const outcomes = note(asked, await quoteCalls(asked, ask.block));
      states = statesOf(pools, outcomes);
      for (const [key, state] of states) kept.states.set(key, state);
      quoteOutcomes = spread(quoteBatch, outcomes.slice(pools.length * 2));
    } else {
      const candidates = candidateRoutes(contracts, ask.tokenIn, ask.tokenOut, ask.hubs);
      const pools = poolsOf(candidates);
      const asked = stateCalls(pools, contracts);
      states = statesOf(pools, note(asked, await calls(asked, ask.block)));
      const live = liveRoutes(candidates, states);
      known.set(pairKey(ask), { routes: live, found: ask.block, states });
      if (live.length === 0) return { kind: joined(candidates, states) ? 'noLiquidity' : 'noRoute', block: ask.block };
      routes = live.filter((route) => withinReach(route, ask.amountIn, states));
      const quoteBatch = routes.map((route) => quoteCall(route, ask.amountIn, contracts));
      const quoted = quoteBatch.filter(isCall);
      if (quoted.length > 0) await beforeQuotes?.([...made.asked, ...quoted], [...made.answered]);
      quoteOutcomes = spread(quoteBatch, note(quoted, await quoteCalls(quoted, ask.block)));
    }
    // Quotes priced against the states read with them.
    const found = quotes(routes, ask, states, quoteOutcomes);
    const best = bestQuote(found);
    // Pools join the two, but none can take this amount.
    if (!best) return { kind: 'noLiquidity', block: ask.block };
    return { kind: 'quoted', block: ask.block, best, others: found.slice(1) };
  }

  async function readWithCalls(
    ask: QuoteAsk,
    beforeQuotes?: (asked: readonly Call3[], answered: readonly CallOutcome[]) => Promise<void>,
  ) {
    const calls: QuoteCalls = { asked: [], answered: [] };
    try {
      return { reading: await read(ask, calls, beforeQuotes), calls };
    } catch (error) {
      throw toChainError(error);
    }
  }

  return { readWithCalls, read: async (ask) => (await readWithCalls(ask)).reading };
}

/** Failures of the node itself, not of a call it ran. */
const UNWELL = new Set([
  'CHAIN_UNREACHABLE',
  'CHAIN_TIMEOUT',
  'CHAIN_RATE_LIMITED',
  'CHAIN_WRONG_CHAIN',
  'CHAIN_MALFORMED_RESPONSE',
]);
const nodeUnwell = (error: unknown) => UNWELL.has(toChainError(error).code);

const isCall = (call: Call3 | undefined): call is Call3 => call !== undefined;

/** The outcomes of the calls that were made, back in the places of all that were asked (undefined where none was made). */
function spread(asked: readonly (Call3 | undefined)[], outcomes: readonly CallOutcome[]): (CallOutcome | undefined)[] {
  let next = 0;
  return asked.map((call) => (call ? outcomes[next++] : undefined));
}

/**
 * True when every pool of some route exists: pools join the two tokens, if only empty ones. A pool
 * on one hop of a two-hop route joins nothing (ETH/USDC does not lead to a token USDC has no pool
 * with).
 */
function joined(routes: readonly Route[], states: ReadonlyMap<string, PoolState>): boolean {
  return routes.some((route) => route.hops.every((hop) => states.has(poolKeyOf(hop))));
}
