// What Send's review knows of a swap, and how the simulation's result compares with the quote.
import { type Address, type Hex, isAddressEqual } from 'viem';
import type { SimulationResult } from '../simulation/types';
import { NATIVE } from './pools';

/** The facts of a swap the review shows; they hold only for the router call `data`. */
export type SwapFacts = {
  router: Address;
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
  /** More than the quote (the price moved for the better). */
  | { kind: 'more'; received: bigint }
  /** Less than the quote, as a token that takes a fee on each transfer gives, or a price moved against. */
  | { kind: 'short'; received: bigint; belowMinimum: boolean }
  /** The swap would fail: most often the price moved beyond the slippage since the quote. */
  | { kind: 'fails' };

/** What the simulation says `from` receives of the token out, against the quote. */
export function checkSwapSimulation(facts: SwapFacts, result: SimulationResult, from: Address): SwapSimulationCheck {
  if (!result.outcome.ok) return { kind: 'fails' };
  let received = 0n;
  for (const change of result.changes) {
    if (!isAddressEqual(change.address, from)) continue;
    if (isAddressEqual(facts.tokenOut, NATIVE) && change.kind === 'native') received += change.in - change.out;
    if (change.kind === 'erc20' && isAddressEqual(change.token, facts.tokenOut)) received += change.in - change.out;
  }
  if (received === facts.quotedOut) return { kind: 'equal', received };
  if (received > facts.quotedOut) return { kind: 'more', received };
  return { kind: 'short', received, belowMinimum: received < facts.minimumOut };
}
