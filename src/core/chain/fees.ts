import { RpcError } from 'viem';
import type { ChainClient } from './client';
import type { FeeFamily } from './networkFacts';
import { toChainError } from './toChainError';

export type FeePreset = 'slow' | 'normal' | 'fast';
export const FEE_PRESETS: readonly FeePreset[] = ['slow', 'normal', 'fast'];

/**
 * What the network charges now: EIP-1559 (next block's base fee and tip percentiles) or legacy.
 * `block`: the latest block when it was read (eth_feeHistory's newest), where the node told it;
 * the base fee is the one of the block after it.
 */
export type FeeMarket = (
  | { kind: 'eip1559'; baseFee: bigint; tips: Record<FeePreset, bigint> }
  | { kind: 'legacy'; gasPrice: bigint }
) & { block?: bigint | undefined };

export type Fees =
  | { kind: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  | { kind: 'legacy'; gasPrice: bigint };

/** Blocks of history and the tip percentiles behind slow / normal / fast. */
const HISTORY_BLOCKS = 10;
const PERCENTILES = [10, 50, 90] as const;
/** Headroom over the next base fee: each full block can raise it by 12.5 %. */
const BASE_FEE_MULTIPLIER: Record<FeePreset, [bigint, bigint]> = { slow: [3n, 2n], normal: [2n, 1n], fast: [5n, 2n] };
const LEGACY_MULTIPLIER: Record<FeePreset, [bigint, bigint]> = { slow: [9n, 10n], normal: [1n, 1n], fast: [5n, 4n] };

function median(values: bigint[]): bigint {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.floor(sorted.length / 2)] ?? 0n;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

type FeeHistory = { oldestBlock?: string; baseFeePerGas?: string[]; reward?: string[][] };

/** The newest block a fee history covers: its base fees run from the oldest to the one after the newest. */
function newestBlock(history: FeeHistory | undefined): bigint | undefined {
  const count = history?.baseFeePerGas?.length ?? 0;
  if (history?.oldestBlock === undefined || count < 2) return undefined;
  return BigInt(history.oldestBlock) + BigInt(count - 2);
}

/** JSON-RPC code for "limit exceeded": the node is busy, not missing the method. */
const LIMIT_EXCEEDED = -32005;

/** The node answered that it does not serve eth_feeHistory (pre-London rules, or disabled). */
function feeHistoryUnsupported(error: unknown): boolean {
  return error instanceof RpcError && error.code !== LIMIT_EXCEEDED;
}

/**
 * Reads the fee market in one batched request: eth_feeHistory over the last 10 blocks (the
 * last base fee it returns is the next block's) with the 10th/50th/90th tip percentiles, plus
 * the node's own tip suggestion, used when recent blocks carried no tips. A chain without base
 * fees is legacy: eth_gasPrice. A node that refuses eth_feeHistory is asked for its latest
 * block instead: a base fee there still means EIP-1559, none means legacy. The market carries the
 * block it was read at when the node told it (see FeeMarket), so a later reader can tell whether
 * it still stands for the head. On Arbitrum (`family`) the sequencer orders by arrival, not tip:
 * the tips are 0 and the node is not asked for one (see withoutTips).
 *
 * Errors: ChainError.
 */
export async function readFeeMarket(client: ChainClient, family?: FeeFamily): Promise<FeeMarket> {
  const market = await readMarket(client, family?.kind !== 'arbitrum');
  return family?.kind === 'arbitrum' ? withoutTips(market) : market;
}

/**
 * The market with no priority fee: for Arbitrum, whose sequencer orders transactions first come,
 * first served, so a tip buys nothing (docs.arbitrum.io, "Gas and fees").
 */
export function withoutTips(market: FeeMarket): FeeMarket {
  return market.kind === 'eip1559' ? { ...market, tips: { slow: 0n, normal: 0n, fast: 0n } } : market;
}

async function readMarket(client: ChainClient, askTip: boolean): Promise<FeeMarket> {
  try {
    const [history, suggestedTip] = await Promise.all([
      (
        client.request({
          method: 'eth_feeHistory',
          params: [`0x${HISTORY_BLOCKS.toString(16)}`, 'latest', [...PERCENTILES]],
        }) as Promise<FeeHistory>
      ).catch((error: unknown) => {
        if (feeHistoryUnsupported(error)) return undefined;
        throw error;
      }),
      askTip
        ? (client.request({ method: 'eth_maxPriorityFeePerGas' }) as Promise<string>).then(BigInt).catch(() => 0n)
        : Promise.resolve(0n),
    ]);
    const baseFees = history
      ? (history.baseFeePerGas ?? []).map((v) => BigInt(v))
      : await latestBaseFee(client).then((fee) => (fee === undefined ? [] : [fee]));
    const nextBaseFee = baseFees.at(-1);
    const block = newestBlock(history);
    const at = block === undefined ? {} : { block };
    if (nextBaseFee === undefined || baseFees.every((b) => b === 0n)) {
      return { kind: 'legacy', gasPrice: BigInt((await client.request({ method: 'eth_gasPrice' })) as string), ...at };
    }
    const rewards = (history?.reward ?? []).map((row) => row.map((v) => BigInt(v)));
    const percentile = (i: number) => median(rewards.map((row) => row[i] ?? 0n));
    const tips = { slow: percentile(0), normal: percentile(1), fast: percentile(2) };
    if (tips.normal === 0n && suggestedTip > 0n) {
      return {
        kind: 'eip1559',
        baseFee: nextBaseFee,
        tips: { slow: suggestedTip / 2n, normal: suggestedTip, fast: suggestedTip * 2n },
        ...at,
      };
    }
    return { kind: 'eip1559', baseFee: nextBaseFee, tips, ...at };
  } catch (error) {
    throw toChainError(error);
  }
}

async function latestBaseFee(client: ChainClient): Promise<bigint | undefined> {
  const block = (await client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })) as {
    baseFeePerGas?: string | null;
  } | null;
  return block?.baseFeePerGas ? BigInt(block.baseFeePerGas) : undefined;
}

/** Fees for a preset: max fee = next base fee × headroom + tip (EIP-1559), or a scaled gas price. */
export function presetFees(market: FeeMarket, preset: FeePreset): Fees {
  if (market.kind === 'legacy') {
    const [num, den] = LEGACY_MULTIPLIER[preset];
    return { kind: 'legacy', gasPrice: ceilDiv(market.gasPrice * num, den) };
  }
  const [num, den] = BASE_FEE_MULTIPLIER[preset];
  const tip = market.tips[preset];
  return { kind: 'eip1559', maxPriorityFeePerGas: tip, maxFeePerGas: ceilDiv(market.baseFee * num, den) + tip };
}

/** The highest price per gas these fees can cost. */
export function maxGasPrice(fees: Fees): bigint {
  return fees.kind === 'legacy' ? fees.gasPrice : fees.maxFeePerGas;
}

/** The price per gas expected at the given base fee. */
export function expectedGasPrice(fees: Fees, baseFee: bigint): bigint {
  if (fees.kind === 'legacy') return fees.gasPrice;
  const priced = baseFee + fees.maxPriorityFeePerGas;
  return priced < fees.maxFeePerGas ? priced : fees.maxFeePerGas;
}

/** What `gas` is expected to cost at these fees in this market. */
export function expectedCost(fees: Fees, market: FeeMarket, gas: bigint): bigint {
  return gas * expectedGasPrice(fees, market.kind === 'eip1559' ? market.baseFee : 0n);
}

/** Expected and maximum cost in wei of gas at these fees. */
export function costRange(
  fees: Fees,
  gasLimit: bigint,
  expectedGas: bigint,
  baseFee: bigint,
): { expected: bigint; max: bigint } {
  return { expected: expectedGas * expectedGasPrice(fees, baseFee), max: gasLimit * maxGasPrice(fees) };
}

/**
 * Fees that pay exactly the max fee per gas: the whole fee is spent (tip = max fee), so a
 * "send everything" transfer to an account leaves nothing behind.
 */
export function exactFees(fees: Fees): Fees {
  return fees.kind === 'legacy'
    ? fees
    : { kind: 'eip1559', maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxFeePerGas };
}

/**
 * Fees for sending the whole balance: one block of base-fee headroom (+12.5 %) plus the preset's
 * tip, all of it paid (tip = max fee) so nothing is left behind. The headroom is small because
 * all of it goes to the block producer; if the base fee jumps more than that, the send waits.
 */
export function sendAllFees(market: FeeMarket, preset: FeePreset): Fees {
  if (market.kind === 'legacy') return presetFees(market, preset);
  const cap = ceilDiv(market.baseFee * 9n, 8n) + market.tips[preset];
  return { kind: 'eip1559', maxFeePerGas: cap, maxPriorityFeePerGas: cap };
}

/** Minimum raise for a replacement: nodes refuse less than +10 %; Cairn adds 12.5 %. */
export const REPLACEMENT_BUMP: [bigint, bigint] = [1125n, 1000n];

/**
 * Fees for replacing a pending transaction (speed up or cancel): at least 12.5 % above the old
 * fees on every component, and no lower than what the market asks now.
 */
export function replacementFees(old: Fees, current: Fees): Fees {
  const bump = (value: bigint) => ceilDiv(value * REPLACEMENT_BUMP[0], REPLACEMENT_BUMP[1]) + (value === 0n ? 1n : 0n);
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  if (old.kind === 'legacy') return { kind: 'legacy', gasPrice: max(bump(old.gasPrice), maxGasPrice(current)) };
  const currentTip = current.kind === 'eip1559' ? current.maxPriorityFeePerGas : 0n;
  const tip = max(bump(old.maxPriorityFeePerGas), currentTip);
  const maxFee = max(max(bump(old.maxFeePerGas), maxGasPrice(current)), tip);
  return { kind: 'eip1559', maxPriorityFeePerGas: tip, maxFeePerGas: maxFee };
}

/** The fee fields of a transaction to sign. */
export function feeFields(fees: Fees) {
  return fees.kind === 'legacy'
    ? { type: 'legacy' as const, gasPrice: fees.gasPrice }
    : { type: 'eip1559' as const, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
}
