// Where a fee family read from the chain is kept: apart from feeFamily.ts, so the window's start can
// wire it without loading the chain client into its first chunk.
import type { FeeFamily } from './networkFacts';

/** Where a family read for a network without one is kept (the network's record: keepFeeFamiliesWith). */
export type FeeFamilyKeeper = (networkId: string, chainId: number, family: FeeFamily) => void;
let keeper: FeeFamilyKeeper | undefined;

/**
 * Has every family read for a network stored without one (feeFamilyOf) kept by `keep`: the
 * window's session store writes it on the network's record (networkSetting's keepFeeFamily), so
 * it is read once, not once per window. Returns the undo.
 */
export function keepFeeFamiliesWith(keep: FeeFamilyKeeper): () => void {
  keeper = keep;
  return () => {
    if (keeper === keep) keeper = undefined;
  };
}

/** Hands a family read for a network to the keeper, if one is wired. */
export function keepFeeFamily(networkId: string, chainId: number, family: FeeFamily): void {
  keeper?.(networkId, chainId, family);
}
