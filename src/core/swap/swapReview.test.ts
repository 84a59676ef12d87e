import { type Address, decodeFunctionData, encodeFunctionData, erc20Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from '../simulation/types';
import type { TxRecord } from '../tx/record';
import { approveCalls, approvingPermit2, paymentStep } from './payment';
import { NATIVE } from './pools';
import { checkSwapSimulation, factsHold, type SwapFacts } from './swapReview';

const from: Address = '0x1000000000000000000000000000000000000001';
const USDC: Address = '0x2000000000000000000000000000000000000002';
const PERMIT2: Address = '0x4000000000000000000000000000000000000004';
const facts: SwapFacts = {
  from,
  router: '0x3000000000000000000000000000000000000003',
  value: 10n ** 18n,
  data: '0x3593564c',
  tokenIn: NATIVE,
  symbolIn: 'ETH',
  decimalsIn: 18,
  amountIn: 10n ** 18n,
  tokenOut: USDC,
  symbolOut: 'USDC',
  decimalsOut: 6,
  quotedOut: 1_000n,
  minimumOut: 995n,
  quoteBlock: 7n,
  slippageBps: 50n,
};
const result = (received: bigint, ok = true, revertData?: string): SimulationResult =>
  ({
    outcome: ok ? { ok: true } : { ok: false, revertData },
    changes: [
      { kind: 'native', address: from, in: 0n, out: 10n ** 18n },
      { kind: 'erc20', address: from, token: USDC, in: received, out: 0n },
      { kind: 'erc20', address: facts.router, token: USDC, in: 5n, out: 5n },
    ],
  }) as unknown as SimulationResult;

describe("a swap's simulation against its quote", () => {
  it('says the quote was low when the simulation gives more than it by more than the slippage', () => {
    // 0.5 % slippage on a quote of 1,000: 1,006 is more than the quote would let the minimum protect.
    expect(checkSwapSimulation(facts, result(1_006n), from)).toEqual({ kind: 'quoteLow', received: 1_006n });
    expect(checkSwapSimulation({ ...facts, slippageBps: 100n }, result(1_006n), from)).toEqual({
      kind: 'more',
      received: 1_006n,
    });
  });

  it('is equal, more, short, or short below the minimum', () => {
    expect(checkSwapSimulation(facts, result(1_000n), from)).toEqual({ kind: 'equal', received: 1_000n });
    expect(checkSwapSimulation(facts, result(1_001n), from)).toEqual({ kind: 'more', received: 1_001n });
    expect(checkSwapSimulation(facts, result(1_005n), from)).toEqual({ kind: 'more', received: 1_005n });
    expect(checkSwapSimulation(facts, result(996n), from)).toEqual({
      kind: 'short',
      received: 996n,
      belowMinimum: false,
    });
    expect(checkSwapSimulation(facts, result(980n), from)).toEqual({
      kind: 'short',
      received: 980n,
      belowMinimum: true,
    });
    expect(checkSwapSimulation(facts, result(0n, false, '0x39d35496'), from)).toEqual({ kind: 'fails', why: 'moved' });
    expect(checkSwapSimulation(facts, result(0n, false, `0x8b063d73${'00'.repeat(64)}`), from)).toEqual({
      kind: 'fails',
      why: 'moved',
    });
    expect(checkSwapSimulation(facts, result(0n, false, '0x5bf6f916'), from)).toEqual({ kind: 'fails', why: 'late' });
    expect(checkSwapSimulation(facts, result(0n, false, '0x08c379a0'), from)).toEqual({ kind: 'fails', why: 'other' });
    expect(checkSwapSimulation(facts, result(0n, false), from)).toEqual({ kind: 'fails', why: 'other' });
  });

  it('counts the coin when the coin comes out', () => {
    const toCoin = { ...facts, tokenIn: USDC, tokenOut: NATIVE, quotedOut: 10n ** 18n };
    expect(checkSwapSimulation(toCoin, result(0n), from)).toEqual({
      kind: 'short',
      received: -(10n ** 18n),
      belowMinimum: true,
    });
  });
});

describe("a swap's facts", () => {
  it('hold only for the very call: sender, router, value and data', () => {
    const call = { from, to: facts.router, value: facts.value, data: facts.data };
    expect(factsHold(facts, call)).toBe(true);
    expect(factsHold(facts, { ...call, value: facts.value + 1n })).toBe(false);
    expect(factsHold(facts, { ...call, from: USDC })).toBe(false);
    expect(factsHold(facts, { ...call, to: USDC })).toBe(false);
    expect(factsHold(facts, { ...call, data: '0x3593564d' })).toBe(false);
    expect(factsHold(facts, { ...call, to: undefined })).toBe(false);
  });
});

describe('paying for a swap', () => {
  const state = (tokenAllowance: bigint, amount: bigint, expiration: number) => ({
    tokenAllowance,
    permit2: { amount, expiration, nonce: 3 },
  });
  it('approves exactly first, then signs a permit, unless a standing one covers the deadline', () => {
    expect(paymentStep(state(0n, 0n, 0), 100n, 50n)).toEqual({ kind: 'approve', resetFirst: false, current: 0n });
    expect(paymentStep(state(100n, 0n, 0), 100n, 50n)).toEqual({ kind: 'permit', nonce: 3 });
    expect(paymentStep(state(100n, 100n, 49), 100n, 50n)).toEqual({ kind: 'permit', nonce: 3 });
    expect(paymentStep(state(100n, 100n, 50), 100n, 50n)).toEqual({ kind: 'ready' });
  });

  it('sets a smaller allowance left from before to 0 first, as USDT refuses one non-zero to another', () => {
    expect(paymentStep(state(99n, 0n, 0), 100n, 50n)).toEqual({ kind: 'approve', resetFirst: true, current: 99n });
    const calls = approveCalls({ token: USDC, permit2: PERMIT2, amount: 100n, resetFirst: true });
    expect(calls.map((call) => call.to)).toEqual([USDC, USDC]);
    expect(calls.map((call) => decodeFunctionData({ abi: erc20Abi, data: call.data }).args)).toEqual([
      [PERMIT2, 0n],
      [PERMIT2, 100n],
    ]);
    expect(approveCalls({ token: USDC, permit2: PERMIT2, amount: 100n, resetFirst: false })).toHaveLength(1);
  });

  it('finds an approve of the token for Permit2 still on its way, and nothing else', () => {
    const [reset] = approveCalls({ token: USDC, permit2: PERMIT2, amount: 100n, resetFirst: true });
    if (!reset) throw new Error('no reset');
    const sent = (status: TxRecord['status'], to: Address, data = reset.data) => ({ status, to, data }) as TxRecord;
    const other = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [USDC, 0n] });
    expect(approvingPermit2([sent('pending', USDC)], USDC, PERMIT2)?.status).toBe('pending');
    expect(approvingPermit2([sent('signed', USDC)], USDC, PERMIT2)?.status).toBe('signed');
    expect(approvingPermit2([sent('confirmed', USDC)], USDC, PERMIT2)).toBeUndefined();
    expect(approvingPermit2([sent('pending', PERMIT2)], USDC, PERMIT2)).toBeUndefined();
    expect(approvingPermit2([sent('pending', USDC, other)], USDC, PERMIT2)).toBeUndefined();
    expect(approvingPermit2([sent('pending', USDC, '0x')], USDC, PERMIT2)).toBeUndefined();
  });
});
