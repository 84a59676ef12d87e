// What the proven run of a quote's calls will read, foreseen from the calls themselves, so a first
// check proves it in the first round rather than finding it one round of proofs at a time (a node
// without eth_createAccessList, as Hardhat, names nothing). A hint only: what it names is proven
// like the rest before anything reads it, and whatever it misses is still found by the run.
import { type Address, concat, type Hex, keccak256, numberToHex, pad, toFunctionSelector } from 'viem';
import type { Call3 } from '../chain/multicall';
import { type BalanceLayout, balanceSlot } from '../verify/balanceLayouts';
import { type Wants, want } from '../verify/provenReads';
import type { SwapContracts } from './contracts';
import { NATIVE } from './pools';

/** A Uniswap v3 pool's storage: slot0, the two fee growths, the protocol fees, the liquidity, its first observation. */
const V3_POOL_SLOTS = [0, 1, 2, 3, 4, 8].map((slot) => numberToHex(slot, { size: 32 }));
/** Its `tickBitmap` mapping, the word a swap starts in and its neighbours read next. */
const V3_TICK_BITMAP_SLOT = 6n;
const V3_SLOT0 = toFunctionSelector('function slot0()');

/** v4's PoolManager keeps each pool's state at keccak(poolId ‖ 6): slot0, the fee growths, the liquidity… */
const V4_POOLS_SLOT = 6n;
const V4_POOL_STATE_WORDS = [0n, 1n, 2n, 3n];
/** …and its tick bitmap, a mapping at the state's fifth word after slot0. */
const V4_TICK_BITMAP_OFFSET = 5n;
const V4_GET_SLOT0 = toFunctionSelector('function getSlot0(bytes32 poolId)');

/** v3's tick spacing for each fee tier (fixed by the factory). */
const V3_TICK_SPACING: Record<number, bigint> = { 100: 1n, 500: 10n, 3000: 60n, 10000: 200n };

/**
 * Where tokens commonly keep balances (balanceLayouts.ts): mappings at slot 3 (WETH9, the local
 * chain's tokens), 0 (OpenZeppelin), 2 (USDT, DAI) and 9 (USDC). A v3 swap moves the pools' and
 * the quoter's balances; a guess that misses costs a proof of a zero slot, nothing more.
 */
const GUESSED_LAYOUTS: readonly BalanceLayout[] = [3, 0, 2, 9].map((slot) => ({
  kind: 'mapping',
  slot: numberToHex(slot),
}));

const word = (value: bigint): Hex => pad(numberToHex(BigInt.asUintN(256, value)), { size: 32 });

/** The tick a slot0() or getSlot0() answer gives (its second word, an int24), or undefined when unreadable. */
function tickOf(answer: Hex | undefined): bigint | undefined {
  if (!answer || answer.length < 2 + 64 * 2) return undefined;
  return BigInt.asIntN(24, BigInt(`0x${answer.slice(2 + 64, 2 + 128)}`));
}

/** The storage slots of the bitmap words (a mapping at `mapping`) around `tick`: its own and one either side. */
function bitmapSlots(tick: bigint, spacing: bigint, mapping: bigint): Hex[] {
  const compressed = tick / spacing - (tick < 0n && tick % spacing !== 0n ? 1n : 0n);
  const position = compressed >> 8n;
  return [position - 1n, position, position + 1n].map((at) => keccak256(concat([word(at), word(mapping)])));
}

export type QuoteHintInput = {
  /** The calls the check runs (pool states, then quotes). */
  asked: readonly Call3[];
  /** The node's answers to the pool-state calls, by call: only to foresee where a swap starts. */
  stateAnswers: ReadonlyMap<Call3, Hex | undefined>;
  /** Each v3 pool's fee tier and tokens, by lower-case address. */
  v3Pools: ReadonlyMap<string, { fee: number; tokens: readonly Address[] }>;
  /** Each v4 pool's tick spacing, by pool id (lower case). */
  v4Spacings: ReadonlyMap<string, number>;
  /** The tokens the routes pass through. */
  tokens: readonly Address[];
  contracts: SwapContracts;
};

/** Each guessed balance slot of `holder` in `token`. */
function wantBalances(hint: Wants, token: Address, holder: Address): void {
  for (const layout of GUESSED_LAYOUTS) want(hint, token, balanceSlot(layout, holder));
}

/** A v4 pool's state words and, from the node's getSlot0() answer, the bitmap words its swap starts in. */
function wantV4Pool(hint: Wants, manager: Address, poolId: Hex, spacing: number | undefined, tick?: bigint): void {
  const base = BigInt(keccak256(concat([poolId, word(V4_POOLS_SLOT)])));
  for (const offset of V4_POOL_STATE_WORDS) want(hint, manager, word(base + offset));
  if (spacing && tick !== undefined)
    for (const slot of bitmapSlots(tick, BigInt(spacing), base + V4_TICK_BITMAP_OFFSET)) want(hint, manager, slot);
}

/**
 * Accounts and slots a quote's run reads, foreseen: every token of the routes (each quote moves
 * them), each v3 pool's state slots and its own and the quoter's balances of its tokens, each v4
 * pool's state in the pool manager, and, from the node's own slot0 answers, the tick-bitmap words
 * each swap starts in.
 */
export function quoteHint({ asked, stateAnswers, v3Pools, v4Spacings, tokens, contracts }: QuoteHintInput): Wants {
  const hint: Wants = new Map();
  const tokenOf = (token: Address) => (token === NATIVE ? contracts.wrappedNative : token);
  for (const token of tokens) {
    want(hint, tokenOf(token));
    wantBalances(hint, tokenOf(token), contracts.quoterV2);
  }
  const manager = contracts.v4?.poolManager;
  if (manager) want(hint, manager);
  for (const call of asked) {
    want(hint, call.target);
    const answer = stateAnswers.get(call);
    if (manager && call.callData.startsWith(V4_GET_SLOT0)) {
      const poolId = `0x${call.callData.slice(10, 74)}` as Hex;
      wantV4Pool(hint, manager, poolId, v4Spacings.get(poolId.toLowerCase()), tickOf(answer));
    }
    const pool = v3Pools.get(call.target.toLowerCase());
    if (pool === undefined) continue;
    for (const slot of V3_POOL_SLOTS) want(hint, call.target, slot);
    for (const token of pool.tokens) wantBalances(hint, tokenOf(token), call.target);
    const spacing = V3_TICK_SPACING[pool.fee];
    const tick = call.callData.startsWith(V3_SLOT0) ? tickOf(answer) : undefined;
    if (spacing && tick !== undefined)
      for (const slot of bitmapSlots(tick, spacing, V3_TICK_BITMAP_SLOT)) want(hint, call.target, slot);
  }
  return hint;
}
