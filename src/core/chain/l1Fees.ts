import { type Address, type Hex, hexToBigInt, isHex, parseAbi, serializeTransaction } from 'viem';
import { readContract } from 'viem/actions';
import type { ChainClient } from './client';
import type { Fees } from './fees';
import { chargesL1DataFee, type FeeFamily } from './networkFacts';

// The one home of L1 data fees: what a rollup charges on top of gas for posting a transaction's
// data to Ethereum, by fee family (networkFacts.ts). Send, contract calls, batches, speed-up and
// cancel read it here; receipts' paid fees add the `l1Fee` the node reports (receiptL1Fee).

const l1FeeOracleAbi = parseAbi(['function getL1Fee(bytes) view returns (uint256)']);

/**
 * How the network's L1 cost shows in a transaction's fee:
 * - `none`: there is none (Ethereum and chains like it);
 * - `dataFee`: a fee on top of gas, read from the oracle (OP Stack, Scroll): `l1Fee`;
 * - `inGas`: inside the gas, with no fee on top (Arbitrum: its estimates and limits include the L1
 *   component; ZKsync Era: gas pays for the data it publishes to Ethereum, at gas per pubdata byte),
 *   which is why the limits look large: the review says "gas includes the L1 cost";
 * - `unknown`: the family is not known, so nothing was added.
 */
export type L1CostForm = 'none' | 'dataFee' | 'inGas' | 'unknown';

export function l1CostForm(family: FeeFamily): L1CostForm {
  switch (family.kind) {
    case 'opStack':
    case 'scroll':
      return 'dataFee';
    case 'arbitrum':
    case 'zkSync':
      return 'inGas';
    case 'l1':
      return 'none';
    case 'unknown':
      return 'unknown';
  }
}

/**
 * The transaction an L1 data fee is read for. Fields not known yet (before the estimate, the
 * nonce or the fee market; a "Max" send's value) are sized generously: the fee grows with the
 * signed size, so the quote is at or above what the receipt will say.
 */
export type L1FeeTx = {
  chainId: number;
  to: Address | undefined;
  /** Undefined: not known yet (a "Max" send's), sized as large as any. */
  value: bigint | undefined;
  data: Hex;
  nonce?: number | undefined;
  gas?: bigint | undefined;
  fees?: Fees | undefined;
};

// Placeholders for fields not known yet: as many bytes as any real value takes, and bytes that
// repeat nowhere, so the compression some oracles price (FastLZ, OP Stack since Fjord) cannot
// shrink them below a real value's.
const PLACEHOLDER_NONCE = 0xa1b2c3;
const PLACEHOLDER_GAS = 0xd4e5f607n;
const PLACEHOLDER_TIP = 0x18293a4b5c6dn;
const PLACEHOLDER_FEE = 0x7e8f90a2b3c4n;
/** 2^96 - a little: more wei than any balance, twelve bytes that do not repeat. */
const PLACEHOLDER_VALUE = 0xf9e8d7c6b5a4938271605f4en;

/** The unsigned, serialized transaction an oracle's getL1Fee(bytes) takes. */
export function unsignedForL1Fee(tx: L1FeeTx): Hex {
  const common = {
    chainId: tx.chainId,
    nonce: tx.nonce ?? PLACEHOLDER_NONCE,
    to: tx.to,
    value: tx.value ?? PLACEHOLDER_VALUE,
    data: tx.data === '0x' ? undefined : tx.data,
    gas: tx.gas ?? PLACEHOLDER_GAS,
  };
  if (tx.fees?.kind === 'legacy')
    return serializeTransaction({ ...common, type: 'legacy', gasPrice: tx.fees.gasPrice });
  return serializeTransaction({
    ...common,
    type: 'eip1559',
    maxFeePerGas: tx.fees?.maxFeePerGas ?? PLACEHOLDER_FEE,
    maxPriorityFeePerGas: tx.fees?.maxPriorityFeePerGas ?? PLACEHOLDER_TIP,
  });
}

/** `tx` with every field not known yet at its smallest (zero): the low end of what its fee can be. */
function smallest(tx: L1FeeTx): L1FeeTx {
  const zero: Fees = tx.fees ?? { kind: 'eip1559', maxFeePerGas: 0n, maxPriorityFeePerGas: 0n };
  return { ...tx, value: tx.value ?? 0n, nonce: tx.nonce ?? 0, gas: tx.gas ?? 0n, fees: zero };
}

/**
 * What the L1 data fee of a transaction can come to before its gas, nonce and fees are known:
 * `high` with those fields sized generously (unsignedForL1Fee), which the padded maximum
 * (l1FeeMax) is taken from, and `low` with them at zero. The transaction as signed lies between;
 * where both are the same, so is its fee. On OP Stack chains since Fjord a small transaction (a
 * transfer, a token transfer) is charged the oracle's minimum size whatever its fields, so its
 * exact fee is known from this one batch (exactL1DataFee). Both calls are sent at once, in the
 * batch of the reads beside them.
 *
 * Errors: whatever the reads throw (callers turn it into a ChainError with their other reads).
 */
export async function readL1FeeRange(
  client: ChainClient,
  family: FeeFamily,
  tx: L1FeeTx,
): Promise<{ low: bigint; high: bigint }> {
  const low = smallest(tx);
  if (unsignedForL1Fee(low) === unsignedForL1Fee(tx)) {
    // Every field known: one read, the exact fee.
    const fee = await readL1DataFee(client, family, tx);
    return { low: fee, high: fee };
  }
  const [lowFee, highFee] = await Promise.all([readL1DataFee(client, family, low), readL1DataFee(client, family, tx)]);
  return { low: lowFee, high: highFee };
}

/**
 * The L1 data fee of the transaction as it will be signed (`tx`, every field known): the one
 * `range` already pins down (its low and high agree), else one more getL1Fee read. Below the
 * oracle's minimum size that is what the receipt charges while the L1 prices do not move; above
 * it, the oracle counts 68 bytes for the signature where the chain compresses the signed bytes,
 * a byte or two apart (about 0.2 % on a 400-byte call): no read before signing can know it.
 *
 * Errors: whatever the read throws.
 */
export function exactL1DataFee(
  client: ChainClient,
  family: FeeFamily,
  range: { low: bigint; high: bigint } | undefined,
  tx: L1FeeTx,
): Promise<bigint> {
  if (range && range.low === range.high) return Promise.resolve(range.high);
  return readL1DataFee(client, family, tx);
}

/**
 * The L1 data fee the network charges on top of gas for `tx`: the oracle's getL1Fee on OP Stack
 * and Scroll chains (one eth_call, sent at once so it travels in the batch of the reads beside
 * it); 0 where the L1 cost is in gas (Arbitrum, ZKsync), or absent.
 *
 * Errors: whatever the read throws (callers turn it into a ChainError with their other reads).
 */
export function readL1DataFee(client: ChainClient, family: FeeFamily, tx: L1FeeTx): Promise<bigint> {
  if (!chargesL1DataFee(family)) return Promise.resolve(0n);
  return readContract(client, {
    address: family.oracle,
    abi: l1FeeOracleAbi,
    functionName: 'getL1Fee',
    args: [unsignedForL1Fee(tx)],
  });
}

/** Headroom on an L1 data fee, which moves with Ethereum's fees between review and inclusion: +25 %. */
export const L1_FEE_MARGIN: readonly [bigint, bigint] = [5n, 4n];

/** The most an L1 data fee quoted as `fee` is allowed to reach (L1_FEE_MARGIN). */
export function l1FeeMax(fee: bigint): bigint {
  return (fee * L1_FEE_MARGIN[0] + L1_FEE_MARGIN[1] - 1n) / L1_FEE_MARGIN[1];
}

/**
 * The L1 data fee a receipt reports (`l1Fee` on OP Stack and Scroll receipts), 0 where it has
 * none. viem leaves a field it does not know as the node's hex; an OP Stack formatter makes it a
 * bigint: both are read.
 */
export function receiptL1Fee(receipt: object): bigint {
  const fee = (receipt as { l1Fee?: unknown }).l1Fee;
  if (typeof fee === 'bigint') return fee;
  if (typeof fee === 'string' && isHex(fee) && fee !== '0x') return hexToBigInt(fee);
  return 0n;
}
