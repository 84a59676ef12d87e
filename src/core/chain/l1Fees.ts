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
 * - `inGas`: inside the gas (Arbitrum: its estimates and limits include the L1 component, which is
 *   why they look large; the review says "gas includes the L1 cost");
 * - `inPrice`: inside the gas price (zkSync Era);
 * - `unknown`: the family is not known, so nothing was added.
 */
export type L1CostForm = 'none' | 'dataFee' | 'inGas' | 'inPrice' | 'unknown';

export function l1CostForm(family: FeeFamily): L1CostForm {
  switch (family.kind) {
    case 'opStack':
    case 'scroll':
      return 'dataFee';
    case 'arbitrum':
      return 'inGas';
    case 'zkSync':
      return 'inPrice';
    case 'l1':
      return 'none';
    case 'unknown':
      return 'unknown';
  }
}

/**
 * The transaction an L1 data fee is read for. Fields not known yet (before the estimate or the
 * nonce) are sized generously: the fee grows with the signed size, so the quote is at or above
 * what the receipt will say.
 */
export type L1FeeTx = {
  chainId: number;
  to: Address | undefined;
  value: bigint;
  data: Hex;
  nonce?: number | undefined;
  gas?: bigint | undefined;
  fees?: Fees | undefined;
};

/** Placeholders for fields not known yet: as many bytes as any real value will take. */
const PLACEHOLDER_NONCE = 0xffffff;
const PLACEHOLDER_GAS = 0xffffffn;
const PLACEHOLDER_FEE = 2n ** 48n;

/** The unsigned, serialized transaction an oracle's getL1Fee(bytes) takes. */
export function unsignedForL1Fee(tx: L1FeeTx): Hex {
  const common = {
    chainId: tx.chainId,
    nonce: tx.nonce ?? PLACEHOLDER_NONCE,
    to: tx.to,
    value: tx.value,
    data: tx.data === '0x' ? undefined : tx.data,
    gas: tx.gas ?? PLACEHOLDER_GAS,
  };
  if (tx.fees?.kind === 'legacy')
    return serializeTransaction({ ...common, type: 'legacy', gasPrice: tx.fees.gasPrice });
  return serializeTransaction({
    ...common,
    type: 'eip1559',
    maxFeePerGas: tx.fees?.maxFeePerGas ?? PLACEHOLDER_FEE,
    maxPriorityFeePerGas: tx.fees?.maxPriorityFeePerGas ?? PLACEHOLDER_FEE,
  });
}

/**
 * The L1 data fee the network charges on top of gas for `tx`: the oracle's getL1Fee on OP Stack
 * and Scroll chains (one eth_call, sent at once so it travels in the batch of the reads beside
 * it); 0 where the L1 cost is in gas (Arbitrum), in the gas price (zkSync), or absent.
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
