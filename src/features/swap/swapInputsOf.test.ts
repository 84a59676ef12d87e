import { describe, expect, it } from 'vitest';
import type { FungibleAsset } from '@/lib/portfolio/useFungibleAssets';
import { EMPTY_SWAP_FORM } from './swapFlowStore';
import { leastOut, swapInputsOf } from './swapInputsOf';

const DOTS = { decimal: '.', group: ',' } as const;
const COMMAS = { decimal: ',', group: '.' } as const;
const usdc: FungibleAsset = {
  key: '0xb581c9264f59bf0289fa76d61b2d0746dce3c30d',
  asset: { kind: 'token', address: '0xB581C9264f59BF0289fA76D61B2D0746dCE3C30D', symbol: 'USDC', decimals: 6 },
  balance: 100_000_000n,
  added: false,
};
const idOf = (message: unknown) => (message as { id?: string } | undefined)?.id;

describe('the swap form, read', () => {
  it('reads the amount in the asset and the language, the default slippage, the deadline', () => {
    const form = { ...EMPTY_SWAP_FORM, assetIn: usdc.key, assetOut: 'native', amount: '12,5' };
    const inputs = swapInputsOf({ form, assetIn: usdc, format: COMMAS });
    expect(inputs).toEqual({ amountIn: 12_500_000n, slippageBps: 50n, deadlineMinutes: 20n, errors: {} });
  });

  it('names each problem and quotes nothing: above the balance, zero, unreadable, same asset', () => {
    const read = (patch: Partial<typeof EMPTY_SWAP_FORM>) =>
      swapInputsOf({
        form: { ...EMPTY_SWAP_FORM, assetIn: usdc.key, assetOut: 'native', ...patch },
        assetIn: usdc,
        format: DOTS,
      });
    expect(idOf(read({ amount: '100.000001' }).errors.amount)).toBe('swap:error.aboveBalance');
    expect(read({ amount: '100.000001' }).amountIn).toBeUndefined();
    expect(idOf(read({ amount: '0' }).errors.amount)).toBe('swap:error.amountZero');
    expect(read({ amount: '1.0000001' }).errors.amount).toBeDefined();
    expect(idOf(read({ assetOut: usdc.key, amount: '1' }).errors.assetOut)).toBe('swap:error.sameAsset');
    expect(read({ slippage: '0.125', amount: '1' }).slippageBps).toBeUndefined();
    expect(read({ deadline: '0', amount: '1' }).deadlineMinutes).toBeUndefined();
    // Nothing typed yet is not an error.
    expect(read({ amount: '' }).errors).toEqual({});
  });

  it('leaves the least out after slippage, rounded down, from the lower of the quote and the last simulation', () => {
    expect(leastOut(1_000_001n, 50n)).toBe(995_000n);
    expect(leastOut(1_000n, undefined)).toBeUndefined();
    expect(leastOut(1_000_001n, 50n, 2_000_000n)).toBe(995_000n);
    expect(leastOut(1_000_001n, 50n, 900_000n)).toBe(895_500n);
  });
});
