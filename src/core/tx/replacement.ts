import { getBalance } from 'viem/actions';
import { chainClient } from '../chain/client';
import { type Fees, maxGasPrice, presetFees, readFeeMarket, replacementFees } from '../chain/fees';
import type { Network } from '../chain/networks';
import { toChainError } from '../chain/toChainError';
import type { TxRecord } from './record';

export type ReplacementKind = 'speed-up' | 'cancel';

/** What a speed-up or cancel would sign, and whether the account can pay for it. */
export type ReplacementPlan = {
  kind: ReplacementKind;
  fees: Fees;
  gas: bigint;
  value: bigint;
  /** The most the replacement can cost in fees, and the most the original could. */
  maxFee: bigint;
  previousMaxFee: bigint;
  balance: bigint;
  /** The balance covers value + the maximum fee (the original has not been charged yet). */
  enough: boolean;
};

/** Gas of a cancel: a plain 0-value transfer to oneself. */
export const CANCEL_GAS = 21_000n;

/**
 * Plans a replacement of a pending record: fees raised past the node's minimum bump and at least
 * the market's fast preset, read with the balance in one batch, so the person sees the new fee
 * and Cairn refuses a speed-up the balance cannot carry (a "Max" send, for one) before signing.
 *
 * Errors: ChainError.
 */
export async function planReplacement(network: Network, record: TxRecord, kind: ReplacementKind) {
  const client = chainClient(network);
  let market: Awaited<ReturnType<typeof readFeeMarket>>;
  let balance: bigint;
  try {
    [market, balance] = await Promise.all([readFeeMarket(client), getBalance(client, { address: record.from })]);
  } catch (error) {
    throw toChainError(error);
  }
  const fees = replacementFees(record.fees, presetFees(market, 'fast'));
  const gas = kind === 'speed-up' ? record.gas : CANCEL_GAS;
  const value = kind === 'speed-up' ? record.value : 0n;
  const maxFee = gas * maxGasPrice(fees);
  return {
    kind,
    fees,
    gas,
    value,
    maxFee,
    previousMaxFee: record.gas * maxGasPrice(record.fees),
    balance,
    enough: balance >= value + maxFee,
  } satisfies ReplacementPlan;
}
