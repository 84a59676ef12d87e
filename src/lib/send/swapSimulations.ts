import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { sameAddress } from '@/core/keys/sameAddress';

/**
 * What the review's simulation of a swap gave, told back to Swap (features do not import each
 * other): the form takes the swap's next minimum from the lower of a new quote and this (see
 * swapMinimumOut), as long as it is the same swap and recent.
 */
export type SimulatedSwap = {
  networkId: string;
  from: string;
  tokenIn: string;
  tokenOut: string;
  amountIn: bigint;
  received: bigint;
  /** The block the simulation ran on. */
  block: bigint;
};

/** A simulation older than this many blocks before the new quote says nothing of it. */
export const SIMULATION_KEPT_BLOCKS = 10n;

const store = createStore<{ last: SimulatedSwap | undefined }>()(() => ({ last: undefined }));

export function noteSwapSimulated(simulated: SimulatedSwap): void {
  const last = store.getState().last;
  if (last && JSON.stringify(last, bigints) === JSON.stringify(simulated, bigints)) return;
  store.setState({ last: simulated });
}

const bigints = (_: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/** What the last simulation of this very swap received, if it ran at most SIMULATION_KEPT_BLOCKS before `block`. */
export function simulatedReceived(
  last: SimulatedSwap | undefined,
  swap: Omit<SimulatedSwap, 'received' | 'block'>,
  block: bigint,
): bigint | undefined {
  if (
    !last ||
    last.networkId !== swap.networkId ||
    !sameAddress(last.from, swap.from) ||
    !sameAddress(last.tokenIn, swap.tokenIn) ||
    !sameAddress(last.tokenOut, swap.tokenOut) ||
    last.amountIn !== swap.amountIn ||
    last.block + SIMULATION_KEPT_BLOCKS < block
  )
    return undefined;
  return last.received;
}

export const useLastSwapSimulation = (): SimulatedSwap | undefined => useStore(store, (s) => s.last);
