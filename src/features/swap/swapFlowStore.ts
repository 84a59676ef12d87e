import { createStore } from 'zustand/vanilla';
import { DEFAULT_DEADLINE_MINUTES } from '@/core/swap/swapInputs';
import type { SignedPermit } from '@/core/swap/swapTransaction';

/** The swap form as typed: kept outside the component so a lock, or a trip to Send, loses nothing. */
export type SwapForm = {
  /** The network swapped on (picked here); undefined: the one chosen in the header. */
  networkId: string | undefined;
  fromId: string | undefined;
  /** 'native' or a lower-case token address. */
  assetIn: string;
  assetOut: string;
  amount: string;
  /** Percent as typed; undefined: the default, written in the language shown. */
  slippage: string | undefined;
  /** Whole minutes as typed. */
  deadline: string;
};

/** A permit the person signed for this account, token and amount: used again, if the swap is reviewed again, while it lasts. */
export type KeptPermit = SignedPermit & { owner: string; networkId: string };

type SwapFlowState = { form: SwapForm; permit: KeptPermit | undefined };

export const EMPTY_SWAP_FORM: SwapForm = {
  networkId: undefined,
  fromId: undefined,
  assetIn: 'native',
  assetOut: '',
  amount: '',
  slippage: undefined,
  deadline: String(DEFAULT_DEADLINE_MINUTES),
};

export const swapFlowStore = createStore<SwapFlowState>()(() => ({ form: EMPTY_SWAP_FORM, permit: undefined }));

export function updateSwapForm(patch: Partial<SwapForm>): void {
  swapFlowStore.setState((s) => ({ form: { ...s.form, ...patch } }));
}

export function keepPermit(permit: KeptPermit | undefined): void {
  swapFlowStore.setState({ permit });
}
