// How a swap's token in reaches the router: Permit2 moves it, so the token must let Permit2 take
// at least the amount (an exact approve when it does not), and Permit2 must let the router take
// it (a permit the person signs for exactly the amount, unless one still stands).
import { type Address, decodeFunctionData, encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { readContract } from 'viem/actions';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { permit2AllowanceAbi } from '../contracts/decode/standardAbis';
import { sameAddress } from '../keys/sameAddress';
import { isActive, type TxRecord } from '../tx/record';

export type PaymentState = {
  /** What the token lets Permit2 take from the owner. */
  tokenAllowance: bigint;
  /** What Permit2 lets the router take, until when (unix seconds), and the next permit's nonce. */
  permit2: { amount: bigint; expiration: number; nonce: number };
};

/** Both allowances, read together (one round trip) at `block`. */
export async function readPaymentState(
  client: ChainClient,
  args: { owner: Address; token: Address; permit2: Address; router: Address; block?: bigint },
): Promise<PaymentState> {
  try {
    const [tokenAllowance, [amount, expiration, nonce]] = await Promise.all([
      readContract(client, {
        address: args.token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [args.owner, args.permit2],
        blockNumber: args.block,
      }),
      readContract(client, {
        address: args.permit2,
        abi: permit2AllowanceAbi,
        functionName: 'allowance',
        args: [args.owner, args.token, args.router],
        blockNumber: args.block,
      }),
    ]);
    return { tokenAllowance, permit2: { amount, expiration, nonce } };
  } catch (error) {
    throw toChainError(error);
  }
}

export type PaymentStep =
  /**
   * The token must first let Permit2 take exactly the amount: an approve transaction. `resetFirst`:
   * Permit2 still holds a smaller allowance that is not 0, so the allowance is set to 0 before
   * (see approveCalls).
   */
  | { kind: 'approve'; resetFirst: boolean; current: bigint }
  /** The person signs a permit for exactly the amount. */
  | { kind: 'permit'; nonce: number }
  /** A standing Permit2 allowance covers it until after the deadline. */
  | { kind: 'ready' };

/** What paying `amount` needs first, given the allowances and the swap's deadline. */
export function paymentStep(state: PaymentState, amount: bigint, deadline: bigint): PaymentStep {
  if (state.tokenAllowance < amount)
    return { kind: 'approve', resetFirst: state.tokenAllowance > 0n, current: state.tokenAllowance };
  const standing = state.permit2.amount >= amount && BigInt(state.permit2.expiration) >= deadline;
  return standing ? { kind: 'ready' } : { kind: 'permit', nonce: state.permit2.nonce };
}

/**
 * The token's approve calls for Permit2, in order: exactly `amount`, after an approve of 0 when
 * `resetFirst`. USDT on Ethereum, and tokens made like it, refuse to change one allowance that is
 * not 0 into another, so the exact approve would revert. Cairn cannot tell those tokens from the
 * others without trying, so it resets every token's stale allowance first: one more call, and only
 * when an allowance below the amount is left, which an exact approve whose swap went through
 * never leaves.
 */
export function approveCalls(args: {
  token: Address;
  permit2: Address;
  amount: bigint;
  resetFirst: boolean;
}): { to: Address; data: Hex }[] {
  const approve = (value: bigint) => ({
    to: args.token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [args.permit2, value] }),
  });
  return args.resetFirst ? [approve(0n), approve(args.amount)] : [approve(args.amount)];
}

/**
 * The owner's transaction still on its way (signed or pending) that approves `token` for Permit2,
 * such as a reset to 0 or an exact approve sent from Swap. Until it is mined, the allowance read
 * is not the one the swap will meet: reviewing then would ask for the same step again, and a
 * second approve sent behind the first reverts on a token like USDT (non-zero to non-zero).
 */
export function approvingPermit2(records: readonly TxRecord[], token: Address, permit2: Address): TxRecord | undefined {
  return records.find((record) => {
    if (!isActive(record) || !record.to || !sameAddress(record.to, token)) return false;
    try {
      const call = decodeFunctionData({ abi: erc20Abi, data: record.data });
      return call.functionName === 'approve' && sameAddress(call.args[0], permit2);
    } catch {
      return false;
    }
  });
}
