import { type Hex, hexToBigInt, toHex } from 'viem';
import type { ChainClient } from '../chain/client';
import { toChainError } from '../chain/toChainError';
import { expectedGasPrice, type Fees } from '../tx/fees';
import type { UnsignedTransaction } from './types';

/** EIP-7825 (Osaka): no transaction may be given more gas than this. */
export const TX_GAS_CAP = 2n ** 24n;

/** The block a transaction sent now would be mined in, as a preview shows it to the contracts it calls. */
export type NextBlock = {
  /** The latest block: the state the preview runs on. */
  latest: bigint;
  number: bigint;
  timestamp: bigint;
  /** The next block's base fee; undefined on a chain without EIP-1559. */
  baseFee: bigint | undefined;
  /** The most gas one call may be given: the block's limit, within EIP-7825's cap. */
  gasCap: bigint;
};

/** Fee fields with viem's names: what a transaction offers to pay per gas. */
export type FeeFields = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint };

/** What a preview needs to run the transaction as it will be mined: the next block and what it pays. */
export type SimulationContext = {
  block: NextBlock;
  /** The fee fields sent: the transaction's own, or the node's gas price when it names none. */
  fees: FeeFields;
  /** The price per gas it pays in the next block (`tx.gasprice` there). */
  gasPrice: bigint;
  /** The sender's balance at the latest block, when asked for. */
  balance: bigint | undefined;
};

type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>;
type RawBlock = { number: Hex; timestamp: Hex; gasLimit: Hex; gasUsed: Hex; baseFeePerGas?: Hex | null };
type RawFeeHistory = { oldestBlock?: Hex; baseFeePerGas?: Hex[] };

/** The transaction's own fee fields, if it names any. */
export function feeFieldsOf(tx: UnsignedTransaction): FeeFields | undefined {
  if (tx.maxFeePerGas !== undefined) {
    return { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? 0n };
  }
  return tx.gasPrice === undefined ? undefined : { gasPrice: tx.gasPrice };
}

/** Cairn's fee choice as the fields a transaction carries. */
export function feeFields(fees: Fees): FeeFields {
  return fees.kind === 'legacy'
    ? { gasPrice: fees.gasPrice }
    : { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
}

/** What these fields pay per gas in a block with this base fee (the price a contract sees as `tx.gasprice`). */
export function paidGasPrice(fields: FeeFields, baseFee: bigint | undefined): bigint {
  const fees: Fees =
    'gasPrice' in fields ? { kind: 'legacy', gasPrice: fields.gasPrice } : { kind: 'eip1559', ...fields };
  return expectedGasPrice(fees, baseFee ?? 0n);
}

/** EIP-1559's next base fee from a block, for a node without eth_feeHistory (mainnet's parameters). */
export function nextBaseFee(baseFee: bigint, gasUsed: bigint, gasLimit: bigint): bigint {
  const target = gasLimit / 2n;
  if (target === 0n || gasUsed === target) return baseFee;
  if (gasUsed > target) {
    const rise = (baseFee * (gasUsed - target)) / target / 8n;
    return baseFee + (rise > 0n ? rise : 1n);
  }
  const fall = (baseFee * (target - gasUsed)) / target / 8n;
  return baseFee - fall;
}

/**
 * Reads, in one JSON-RPC batch, what running `tx` as the next block needs: the latest block, the
 * next base fee as the node works it out (eth_feeHistory), the node's gas price when the
 * transaction names no fees, and the sender's balance when `balance` is asked for. The next
 * block's time is the latest's plus `blockSeconds`, and never before `now` (seconds).
 *
 * Errors: ChainError when the node fails to give the block, the price or the balance.
 */
export async function readSimulationContext(
  client: ChainClient,
  tx: UnsignedTransaction,
  options: { balance: boolean; blockSeconds?: number; now?: number },
): Promise<SimulationContext> {
  const request = client.request as RawRequest;
  const own = feeFieldsOf(tx);
  try {
    // Asked together, these travel as one JSON-RPC batch.
    const [block, history, price, balance] = await Promise.all([
      request({ method: 'eth_getBlockByNumber', params: ['latest', false] }) as Promise<RawBlock | null>,
      (request({ method: 'eth_feeHistory', params: ['0x1', 'latest', []] }) as Promise<RawFeeHistory>).catch(
        () => undefined,
      ),
      own ? undefined : (request({ method: 'eth_gasPrice', params: [] }) as Promise<Hex>),
      options.balance
        ? (request({ method: 'eth_getBalance', params: [tx.from, 'latest'] }) as Promise<Hex>)
        : undefined,
    ]);
    if (!block) throw new TypeError('the node gave no latest block');
    const next = nextBlockOf(block, history, options);
    const fees = own ?? { gasPrice: maxOf(hexToBigInt(price as Hex), next.baseFee ?? 0n) };
    return {
      block: next,
      fees,
      gasPrice: paidGasPrice(fees, next.baseFee),
      balance: balance === undefined ? undefined : hexToBigInt(balance),
    };
  } catch (error) {
    throw toChainError(error);
  }
}

function nextBlockOf(
  block: RawBlock,
  history: RawFeeHistory | undefined,
  { blockSeconds = 12, now = Math.floor(Date.now() / 1000) }: { blockSeconds?: number; now?: number },
): NextBlock {
  const latest = hexToBigInt(block.number);
  const timestamp = hexToBigInt(block.timestamp);
  const gasLimit = hexToBigInt(block.gasLimit);
  const fromHistory = history?.baseFeePerGas?.at(-1);
  const baseFee = block.baseFeePerGas
    ? fromHistory !== undefined
      ? hexToBigInt(fromHistory)
      : nextBaseFee(hexToBigInt(block.baseFeePerGas), hexToBigInt(block.gasUsed), gasLimit)
    : undefined;
  return {
    latest,
    number: latest + 1n,
    timestamp: maxOf(timestamp + BigInt(Math.max(1, Math.round(blockSeconds))), BigInt(now)),
    baseFee,
    gasCap: gasLimit < TX_GAS_CAP ? gasLimit : TX_GAS_CAP,
  };
}

/** The block overrides that make a call run as the next block (eth_simulateV1, eth_call, debug_traceCall). */
export function blockOverrides(block: NextBlock): Record<string, Hex> {
  return {
    number: toHex(block.number),
    time: toHex(block.timestamp),
    ...(block.baseFee === undefined ? {} : { baseFeePerGas: toHex(block.baseFee) }),
  };
}

/** The fee fields in a call's JSON-RPC form. */
export function feeParams(fields: FeeFields): Record<string, Hex> {
  return 'gasPrice' in fields
    ? { gasPrice: toHex(fields.gasPrice) }
    : { maxFeePerGas: toHex(fields.maxFeePerGas), maxPriorityFeePerGas: toHex(fields.maxPriorityFeePerGas) };
}

/**
 * Fee fields that pay exactly the context's price at any base fee up to it: for a node that does
 * not take the next block's base fee (Hardhat runs calls at a base fee of 0, where the tip alone
 * would be the price a contract sees).
 */
export function pinnedFees(context: SimulationContext): Record<string, Hex> {
  const price = toHex(context.gasPrice);
  return 'gasPrice' in context.fees ? { gasPrice: price } : { maxFeePerGas: price, maxPriorityFeePerGas: price };
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
