// What the proven run of a quote's calls will read, foreseen from the calls themselves, so a first
// check proves it in the first round rather than finding it one round of proofs at a time (a node
// without eth_createAccessList, as Hardhat, names nothing). A hint only: what it names is proven
// like the rest before anything reads it, and whatever it misses is still found by the run.
import { type Address, concat, type Hex, keccak256, numberToHex, pad, toFunctionSelector } from 'viem';
import type { Call3 } from '../chain/multicall';
import { type Wants, want } from '../verify/provenReads';
import type { SwapContracts } from './contracts';
import { NATIVE } from './pools';

/** A Uniswap v3 pool's storage: slot0, the two fee growths, the protocol fees, the liquidity, its first observation. */
const V3_POOL_SLOTS = [0, 1, 2, 3, 4, 8].map((slot) => numberToHex(slot, { size: 32 }));
/** Its `tickBitmap` mapping, the word a swap starts in and its neighbours read next. */
const V3_TICK_BITMAP_SLOT = 6n;
const V3_SLOT0 = toFunctionSelector('function slot0()');

/** v3's tick spacing for each fee tier (fixed by the factory). */
const V3_TICK_SPACING: Record<number, bigint> = { 100: 1n, 500: 10n, 3000: 60n, 10000: 200n };

/** The tick a v3 pool's slot0() answer gives (its second word, an int24), or undefined when unreadable. */
function tickOf(answer: Hex | undefined): bigint | undefined {
  if (!answer || answer.length < 2 + 64 * 2) return undefined;
  const word = BigInt(`0x${answer.slice(2 + 64, 2 + 128)}`);
  return BigInt.asIntN(24, word);
}

/** The storage slots of the bitmap words around `tick`: the one it is in and one either side. */
function bitmapSlots(tick: bigint, spacing: bigint): Hex[] {
  const compressed = tick / spacing - (tick < 0n && tick % spacing !== 0n ? 1n : 0n);
  const word = compressed >> 8n;
  return [word - 1n, word, word + 1n].map((position) =>
    keccak256(
      concat([
        pad(numberToHex(BigInt.asUintN(256, position)), { size: 32 }),
        numberToHex(V3_TICK_BITMAP_SLOT, { size: 32 }),
      ]),
    ),
  );
}

export type QuoteHintInput = {
  /** The calls the check runs (pool states, then quotes). */
  asked: readonly Call3[];
  /** The node's answers to the pool-state calls, by call: only to foresee where a swap starts. */
  stateAnswers: ReadonlyMap<Call3, Hex | undefined>;
  /** Each v3 pool's fee tier, by lower-case address. */
  v3Fees: ReadonlyMap<string, number>;
  /** The tokens the routes pass through. */
  tokens: readonly Address[];
  contracts: SwapContracts;
};

/**
 * Accounts and slots a quote's run reads, foreseen: every token of the routes (each quote moves
 * them), each v3 pool's state slots, and, from the node's own slot0() answer, the tick-bitmap
 * words its swap starts in.
 */
export function quoteHint({ asked, stateAnswers, v3Fees, tokens, contracts }: QuoteHintInput): Wants {
  const hint: Wants = new Map();
  for (const token of tokens) want(hint, token === NATIVE ? contracts.wrappedNative : token);
  for (const call of asked) {
    want(hint, call.target);
    const fee = v3Fees.get(call.target.toLowerCase());
    if (fee === undefined) continue;
    for (const slot of V3_POOL_SLOTS) want(hint, call.target, slot);
    const spacing = V3_TICK_SPACING[fee];
    const tick = call.callData.startsWith(V3_SLOT0) ? tickOf(stateAnswers.get(call)) : undefined;
    if (spacing && tick !== undefined) for (const slot of bitmapSlots(tick, spacing)) want(hint, call.target, slot);
  }
  return hint;
}
