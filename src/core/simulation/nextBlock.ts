import { type Hex, hexToBigInt, toHex } from 'viem';
import { currentAt, type HeadBlock } from '../chain/chainHead';
import type { ChainClient } from '../chain/client';
import { expectedGasPrice, type FeeMarket, type Fees } from '../chain/fees';
import { toChainError } from '../chain/toChainError';
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
  /** The latest block's hash: BLOCKHASH(number − 1) as the contract would read it when mined. */
  latestHash?: Hex | undefined;
  /** The latest block's randomness (mixHash): eth_simulateV1 would otherwise give block.prevrandao 0. */
  prevRandao?: Hex | undefined;
  /** The latest block's parent beacon root: eth_simulateV1 would otherwise store 0 for the next block. */
  beaconRoot?: Hex | undefined;
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

/**
 * What the caller read already of the chain now, so a preview does not ask for it again: the
 * latest block (the shared head's, or the one a send was prepared at), the next block's base fee
 * as the node told it right after that block (a fee market read at it), and the sender's balance,
 * read at that block or later. See knownReads for which values may stand.
 */
export type KnownChain = {
  block: HeadBlock;
  nextBaseFee?: bigint | undefined;
  balance?: bigint | undefined;
};

/** What a prepared send read, offered to its preview (see knownReads). */
export type ReadBefore = {
  block: HeadBlock;
  /** A fee market read at `block` or later: its base fee is the block after its own `block`'s. */
  market?: FeeMarket | undefined;
  /** The sender's balance, read at `block` or later. */
  balance?: bigint | undefined;
};

/**
 * Which of what was read before may stand for the chain now, at the shared head `head` (undefined
 * while none is known): the values a send was prepared with (`before`) while its block is no older
 * than the head, else the head's block alone; the next base fee only from a fee market read at
 * exactly that block (`markets`, the first that was). Nothing when neither block may stand.
 */
export function knownReads(
  head: HeadBlock | undefined,
  before: ReadBefore | undefined,
  markets: readonly (FeeMarket | undefined)[] = [],
): KnownChain | undefined {
  const fresh = before && currentAt(before.block.number, head?.number) ? before : undefined;
  const block = fresh?.block ?? head;
  if (!block) return undefined;
  const told = [fresh?.market, ...markets].find((m) => m?.kind === 'eip1559' && m.block === block.number);
  return { block, nextBaseFee: told?.kind === 'eip1559' ? told.baseFee : undefined, balance: fresh?.balance };
}

type RawRequest = (args: { method: string; params: unknown[] }) => Promise<unknown>;
type RawBlock = {
  number: Hex;
  hash?: Hex | null;
  timestamp: Hex;
  gasLimit: Hex;
  gasUsed: Hex;
  baseFeePerGas?: Hex | null;
  mixHash?: Hex | null;
  parentBeaconBlockRoot?: Hex | null;
};
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

/**
 * EIP-1559's next base fee from a block, with mainnet's parameters (a change of at most 1/8 per
 * block, a target of half the limit). Chains with other parameters (OP-stack chains: 1/50 or
 * 1/250, a sixth of the limit) differ: used only when the node tells neither eth_feeHistory's
 * next base fee nor its pending block's.
 */
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
 * next base fee as the node works it out (eth_feeHistory; a node without it is asked for its
 * pending block, in a second round trip), the node's gas price when the transaction names no
 * fees, and the sender's balance when `balance` is asked for; none of what `known` gives (see
 * knownReads). The next block's time is the latest's plus `blockSeconds`, and never before `now`
 * (seconds).
 *
 * Errors: ChainError when the node fails to give the block, the price or the balance.
 */
export async function readSimulationContext(
  client: ChainClient,
  tx: UnsignedTransaction,
  options: { balance: boolean; blockSeconds?: number; now?: number; known?: KnownChain | undefined },
): Promise<SimulationContext> {
  const request = client.request as RawRequest;
  const own = feeFieldsOf(tx);
  const { known } = options;
  const toldBefore = known?.nextBaseFee;
  const needsHistory = !known || (toldBefore === undefined && known.block.baseFeePerGas !== undefined);
  try {
    // Asked together, these travel as one JSON-RPC batch.
    const [raw, history, price, balance] = await Promise.all([
      known
        ? undefined
        : (request({ method: 'eth_getBlockByNumber', params: ['latest', false] }) as Promise<RawBlock | null>),
      needsHistory
        ? (request({ method: 'eth_feeHistory', params: ['0x1', 'latest', []] }) as Promise<RawFeeHistory>).catch(
            () => undefined,
          )
        : undefined,
      own ? undefined : (request({ method: 'eth_gasPrice', params: [] }) as Promise<Hex>),
      options.balance && known?.balance === undefined
        ? (request({ method: 'eth_getBalance', params: [tx.from, 'latest'] }) as Promise<Hex>)
        : undefined,
    ]);
    const block = known?.block ?? (raw ? blockOf(raw) : undefined);
    if (!block) throw new TypeError('the node gave no latest block');
    const toldNow = history?.baseFeePerGas?.at(-1);
    const told = toldBefore ?? (toldNow === undefined ? undefined : hexToBigInt(toldNow));
    const pending = block.baseFeePerGas !== undefined && told === undefined ? await pendingBaseFee(request) : undefined;
    const next = nextBlockOf(block, told ?? (pending === undefined ? undefined : hexToBigInt(pending)), options);
    const fees = own ?? { gasPrice: maxOf(hexToBigInt(price as Hex), next.baseFee ?? 0n) };
    return {
      block: next,
      fees,
      gasPrice: paidGasPrice(fees, next.baseFee),
      balance: balance === undefined ? known?.balance : hexToBigInt(balance),
    };
  } catch (error) {
    throw toChainError(error);
  }
}

/** The pending block's base fee, as the node would set it for the next block (undefined when it does not tell). */
async function pendingBaseFee(request: RawRequest): Promise<Hex | undefined> {
  try {
    const pending = (await request({ method: 'eth_getBlockByNumber', params: ['pending', false] })) as RawBlock | null;
    return pending?.baseFeePerGas ?? undefined;
  } catch {
    return undefined;
  }
}

/** What a preview needs of a block the node sent as JSON-RPC, in the head's shape. */
function blockOf(raw: RawBlock): Omit<HeadBlock, 'parentHash' | 'hash'> & { hash?: Hex | undefined } {
  return {
    number: hexToBigInt(raw.number),
    hash: raw.hash ?? undefined,
    timestamp: hexToBigInt(raw.timestamp),
    gasLimit: hexToBigInt(raw.gasLimit),
    gasUsed: hexToBigInt(raw.gasUsed),
    baseFeePerGas: raw.baseFeePerGas ? hexToBigInt(raw.baseFeePerGas) : undefined,
    mixHash: raw.mixHash ?? undefined,
    parentBeaconBlockRoot: raw.parentBeaconBlockRoot ?? undefined,
  };
}

function nextBlockOf(
  block: ReturnType<typeof blockOf>,
  /** The next block's base fee as the node told it. */
  told: bigint | undefined,
  { blockSeconds = 12, now = Math.floor(Date.now() / 1000) }: { blockSeconds?: number; now?: number },
): NextBlock {
  const { gasLimit } = block;
  const baseFee =
    block.baseFeePerGas !== undefined ? (told ?? nextBaseFee(block.baseFeePerGas, block.gasUsed, gasLimit)) : undefined;
  return {
    latest: block.number,
    number: block.number + 1n,
    timestamp: maxOf(block.timestamp + BigInt(Math.max(1, Math.round(blockSeconds))), BigInt(now)),
    baseFee,
    gasCap: gasLimit < TX_GAS_CAP ? gasLimit : TX_GAS_CAP,
    latestHash: block.hash,
    prevRandao: block.mixHash,
    beaconRoot: block.parentBeaconBlockRoot,
  };
}

/**
 * The block overrides that make a call run as the next block (eth_simulateV1, eth_call,
 * debug_traceCall). eth_simulateV1 builds the block afresh (block.prevrandao and the beacon root
 * would be 0 there), so it is also given the latest's randomness and beacon root; eth_call and
 * debug_traceCall keep the latest block's own (geth refuses a beaconRoot override there).
 */
export function blockOverrides(block: NextBlock, simulateV1 = false): Record<string, Hex> {
  return {
    number: toHex(block.number),
    time: toHex(block.timestamp),
    ...(block.baseFee === undefined ? {} : { baseFeePerGas: toHex(block.baseFee) }),
    ...(simulateV1 && block.prevRandao ? { prevRandao: block.prevRandao } : {}),
    ...(simulateV1 && block.beaconRoot ? { beaconRoot: block.beaconRoot } : {}),
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

/** The most these fields may charge per gas: what a node checks the sender's balance against. */
export function feeCap(fields: FeeFields): bigint {
  return 'gasPrice' in fields ? fields.gasPrice : fields.maxFeePerGas;
}

/**
 * Gas for each of `count` calls that name no limit: what the sender can pay for at the fee cap
 * out of `spare` (its balance less what the calls send, and less the most a call with its own
 * limit may cost), shared among them, within the block's cap, and never below `least`. A node
 * given a call without gas gives it the block's whole budget and, with fee fields, refuses a
 * sender that could not pay for all of it (reth; geth up to its RPC gas cap): someone holding
 * 0.2 ETH would read "would fail". Without a balance, the block's cap.
 */
export function gasWithin(context: SimulationContext, spare: bigint | undefined, count: number, least: bigint): bigint {
  const cap = feeCap(context.fees);
  if (spare === undefined || cap === 0n) return context.block.gasCap;
  const share = spare > 0n ? spare / cap / BigInt(Math.max(1, count)) : 0n;
  const within = share < context.block.gasCap ? share : context.block.gasCap;
  return maxOf(within, least);
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
