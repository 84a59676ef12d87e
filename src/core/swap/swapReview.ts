// What Send's review knows of a swap, and how the simulation's result compares with the quote.
import type { Address, Hex } from 'viem';
import { sameHex } from '../bytes';
import { sameAddress } from '../keys/sameAddress';
import type { SimulationResult } from '../simulation/types';
import { NATIVE } from './pools';
import { aboveQuoteBeyondSlippage } from './slippage';

/** The facts of a swap the review shows; they hold only for this very call: sender, router, value and data. */
export type SwapFacts = {
  from: Address;
  router: Address;
  value: bigint;
  data: Hex;
  tokenIn: Address;
  symbolIn: string;
  decimalsIn: number;
  amountIn: bigint;
  tokenOut: Address;
  symbolOut: string;
  decimalsOut: number;
  quotedOut: bigint;
  minimumOut: bigint;
  quoteBlock: bigint;
  slippageBps: bigint;
};

export type SwapSimulationCheck =
  /** What arrives is the quote, to the unit. */
  | { kind: 'equal'; received: bigint }
  /** More than the quote, within the slippage (the price moved for the better). */
  | { kind: 'more'; received: bigint }
  /**
   * More than the quote by more than the slippage: the quote was low (a node that under-quotes, or a
   * price far moved), and the minimum taken from it protects less than it should. Quote again.
   */
  | { kind: 'quoteLow'; received: bigint }
  /** Less than the quote, as a token that takes a fee on each transfer gives, or a price moved against. */
  | { kind: 'short'; received: bigint; belowMinimum: boolean }
  /**
   * The swap would fail: `moved` when the router found too little out (the price moved beyond the
   * slippage since the quote), `late` when its deadline passed, `other` for anything else (the
   * preview says why).
   */
  | { kind: 'fails'; why: 'moved' | 'late' | 'other' };

/** The router's own refusals: too little out (v3, v4), and a deadline passed. */
const TOO_LITTLE_RECEIVED = ['0x39d35496', '0x8b063d73'];
const DEADLINE_PASSED = '0x5bf6f916';

/** Whether `facts` describe exactly this call. */
export function factsHold(
  facts: SwapFacts,
  call: { from: Address; to: Address | undefined; value: bigint; data: Hex },
): boolean {
  return (
    call.to !== undefined &&
    sameAddress(facts.from, call.from) &&
    sameAddress(facts.router, call.to) &&
    facts.value === call.value &&
    sameHex(facts.data, call.data)
  );
}

/** What the simulation says `from` receives of the token out, against the quote. */
export function checkSwapSimulation(facts: SwapFacts, result: SimulationResult, from: Address): SwapSimulationCheck {
  if (!result.outcome.ok) {
    const selector = result.outcome.revertData?.slice(0, 10).toLowerCase();
    const why =
      selector === undefined
        ? 'other'
        : TOO_LITTLE_RECEIVED.includes(selector)
          ? 'moved'
          : selector === DEADLINE_PASSED
            ? 'late'
            : 'other';
    return { kind: 'fails', why };
  }
  let received = 0n;
  for (const change of result.changes) {
    if (!sameAddress(change.address, from)) continue;
    if (sameAddress(facts.tokenOut, NATIVE) && change.kind === 'native') received += change.in - change.out;
    if (change.kind === 'erc20' && sameAddress(change.token, facts.tokenOut)) received += change.in - change.out;
  }
  if (received === facts.quotedOut) return { kind: 'equal', received };
  if (aboveQuoteBeyondSlippage(facts.quotedOut, received, facts.slippageBps)) return { kind: 'quoteLow', received };
  if (received > facts.quotedOut) return { kind: 'more', received };
  return { kind: 'short', received, belowMinimum: received < facts.minimumOut };
}
