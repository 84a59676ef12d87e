import { amountValue, type Message, msg } from '@/core/i18n/message';
import { DEFAULT_SLIPPAGE_BPS, swapMinimumOut } from '@/core/swap/slippage';
import { parseDeadlineMinutes, parseSlippage } from '@/core/swap/swapInputs';
import { type DecimalFormat, parseAmount } from '@/core/tx/amount';
import { errorMessage } from '@/lib/i18n/errorMessages';
import type { FungibleAsset } from '@/lib/portfolio/useFungibleAssets';
import type { SwapForm } from './swapFlowStore';

export type SwapFieldErrors = Partial<Record<'amount' | 'slippage' | 'deadline' | 'assetOut', Message | string>>;

/** The form read: what can be quoted (an amount in, a different asset out) and what each field refused. */
export type SwapInputs = {
  amountIn: bigint | undefined;
  slippageBps: bigint | undefined;
  deadlineMinutes: bigint | undefined;
  errors: SwapFieldErrors;
};

/**
 * Reads the typed fields: the amount in the asset's decimals, the slippage in percent, the
 * deadline in minutes. Nothing typed yet is no error.
 */
export function swapInputsOf(args: {
  form: SwapForm;
  assetIn: FungibleAsset | undefined;
  format: DecimalFormat;
}): SwapInputs {
  const { form, assetIn, format } = args;
  const errors: SwapFieldErrors = {};
  let amountIn: bigint | undefined;
  if (assetIn && form.amount.trim() !== '') {
    try {
      amountIn = parseAmount(form.amount, assetIn.asset.decimals, assetIn.asset.symbol, format);
      if (amountIn === 0n) errors.amount = msg('swap:error.amountZero');
      else if (assetIn.balance !== undefined && amountIn > assetIn.balance)
        errors.amount = msg('swap:error.aboveBalance', {
          balance: amountValue(assetIn.balance, assetIn.asset.decimals, assetIn.asset.symbol),
        });
    } catch (error) {
      errors.amount = errorMessage(error);
      amountIn = undefined;
    }
  }
  if (errors.amount) amountIn = undefined;
  let slippageBps: bigint | undefined = DEFAULT_SLIPPAGE_BPS;
  if (form.slippage !== undefined) {
    try {
      slippageBps = parseSlippage(form.slippage, format);
    } catch (error) {
      errors.slippage = errorMessage(error);
      slippageBps = undefined;
    }
  }
  let deadlineMinutes: bigint | undefined;
  try {
    deadlineMinutes = parseDeadlineMinutes(form.deadline);
  } catch (error) {
    errors.deadline = errorMessage(error);
  }
  if (form.assetOut !== '' && form.assetOut === form.assetIn) errors.assetOut = msg('swap:error.sameAsset');
  return { amountIn, slippageBps, deadlineMinutes, errors };
}

/**
 * The least the swap may give, or undefined while the slippage is refused: from the lower of the
 * quote and what the review's last simulation of the same swap received (swapMinimumOut).
 */
export function leastOut(
  quotedOut: bigint,
  slippageBps: bigint | undefined,
  simulatedOut?: bigint | undefined,
): bigint | undefined {
  return slippageBps === undefined ? undefined : swapMinimumOut(quotedOut, simulatedOut, slippageBps);
}

/** Gas held back from Max when swapping the coin: a swap through two pools and a permit, with room. */
export const SWAP_GAS_RESERVE = 400_000n;
