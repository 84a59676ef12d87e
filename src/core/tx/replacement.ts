import type { Address } from 'viem';
import { estimateGas, getBalance } from 'viem/actions';
import { chainClient } from '../chain/client';
import { feeFamilyOf } from '../chain/feeFamily';
import { type Fees, maxGasPrice, presetFees, readFeeMarket, replacementFees } from '../chain/fees';
import { type L1CostForm, type L1FeeTx, l1CostForm, l1FeeMax, readL1DataFee } from '../chain/l1Fees';
import type { FeeFamily } from '../chain/networkFacts';
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
  /** The most the replacement can cost in fees (its L1 data fee with headroom included), and the most the original could. */
  maxFee: bigint;
  previousMaxFee: bigint;
  /** The replacement's L1 data fee estimate on OP Stack and Scroll rollups (0 elsewhere), part of `maxFee`. */
  l1Fee: bigint;
  /** How the network's L1 cost shows in the fee (see L1CostForm). */
  l1Cost: L1CostForm;
  balance: bigint;
  /** The balance covers value + the maximum fee (the original has not been charged yet). */
  enough: boolean;
};

/** Gas of a cancel: a plain 0-value transfer to oneself, where gas is Ethereum's. */
export const CANCEL_GAS = 21_000n;

/**
 * Whether a plain transfer costs exactly 21,000 gas on this family: not where gas also pays for L1
 * (Arbitrum), nor on zkSync's VM, nor on a chain whose family is not known. There a cancel's gas
 * is estimated.
 */
const plainTransferGas = (family: FeeFamily) =>
  family.kind === 'l1' || family.kind === 'opStack' || family.kind === 'scroll';

/** Headroom on an estimated cancel: +20 %, as Send gives any estimate. */
const ceilTimes = (gas: bigint) => (gas * 12n + 9n) / 10n;

/**
 * Plans a replacement of a pending record: fees raised past the node's minimum bump and at least
 * the market's fast preset, read with the balance and the L1 data fee (of the replacement, and of
 * the original for comparison) in one batch, so the person sees the new fee and Cairn refuses a
 * speed-up the balance cannot carry (a "Max" send, for one) before signing. The L1 fee is read
 * with the replacement's nonce and gas and fees sized generously (they follow from the market in
 * the same batch), so it is at or above what the receipt will say.
 *
 * Errors: ChainError.
 */
export async function planReplacement(
  network: Network,
  record: TxRecord,
  kind: ReplacementKind,
): Promise<ReplacementPlan> {
  const client = chainClient(network);
  const cancelTo: Address = record.from;
  const replacing: L1FeeTx =
    kind === 'speed-up'
      ? { chainId: network.chainId, to: record.to, value: record.value, data: record.data, nonce: record.nonce }
      : { chainId: network.chainId, to: cancelTo, value: 0n, data: '0x', nonce: record.nonce };
  const original: L1FeeTx = {
    chainId: network.chainId,
    to: record.to,
    value: record.value,
    data: record.data,
    nonce: record.nonce,
    gas: record.gas,
    fees: record.fees,
  };
  let family: FeeFamily;
  let market: Awaited<ReturnType<typeof readFeeMarket>>;
  let balance: bigint;
  let l1Fee: bigint;
  let previousL1Fee: bigint;
  let cancelEstimate: bigint | undefined;
  try {
    family = await feeFamilyOf(network, client);
    const cancelGas = kind === 'cancel' && !plainTransferGas(family);
    [market, balance, l1Fee, previousL1Fee, cancelEstimate] = await Promise.all([
      readFeeMarket(client, family),
      getBalance(client, { address: record.from }),
      readL1DataFee(client, family, { ...replacing, gas: kind === 'speed-up' ? record.gas : undefined }),
      readL1DataFee(client, family, original),
      cancelGas ? estimateGas(client, { account: record.from, to: cancelTo, value: 0n }) : Promise.resolve(undefined),
    ]);
  } catch (error) {
    throw toChainError(error);
  }
  const fees = replacementFees(record.fees, presetFees(market, 'fast'));
  const gas = kind === 'speed-up' ? record.gas : cancelEstimate !== undefined ? ceilTimes(cancelEstimate) : CANCEL_GAS;
  const value = kind === 'speed-up' ? record.value : 0n;
  const maxFee = gas * maxGasPrice(fees) + l1FeeMax(l1Fee);
  return {
    kind,
    fees,
    gas,
    value,
    maxFee,
    previousMaxFee: record.gas * maxGasPrice(record.fees) + previousL1Fee,
    l1Fee,
    l1Cost: l1CostForm(family),
    balance,
    enough: balance >= value + maxFee,
  };
}
