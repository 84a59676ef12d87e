// Uniswap v3's packed path: token (20 bytes), fee (3 bytes), token, … as QuoterV2's quoteExactInput
// and UniversalRouter's V3_SWAP_EXACT_IN read it.
import { type Address, encodePacked, getAddress, type Hex, hexToNumber, size, slice } from 'viem';

/** The fee tiers of Uniswap v3, in hundredths of a basis point (3000 = 0.3 %). */
export const V3_FEE_TIERS = [100, 500, 3_000, 10_000] as const;

const ADDRESS_BYTES = 20;
const FEE_BYTES = 3;
const MAX_UINT24 = 2 ** 24 - 1;

/** The path through `tokens`, with `fees[i]` the pool's fee between `tokens[i]` and `tokens[i + 1]`. */
export function encodeV3Path(tokens: readonly Address[], fees: readonly number[]): Hex {
  if (tokens.length < 2 || fees.length !== tokens.length - 1)
    throw new RangeError(`A path needs one fee between each two tokens (${tokens.length} tokens, ${fees.length} fees)`);
  for (const fee of fees)
    if (!Number.isInteger(fee) || fee < 0 || fee > MAX_UINT24) throw new RangeError(`Not a v3 fee: ${fee}`);
  const types: ('address' | 'uint24')[] = [];
  const values: (Address | number)[] = [];
  tokens.forEach((token, i) => {
    types.push('address');
    values.push(token);
    const fee = fees[i];
    if (fee !== undefined) {
      types.push('uint24');
      values.push(fee);
    }
  });
  return encodePacked(types, values);
}

/** The tokens and fees a packed path goes through. */
export function decodeV3Path(path: Hex): { tokens: Address[]; fees: number[] } {
  const bytes = size(path);
  const hop = ADDRESS_BYTES + FEE_BYTES;
  if (bytes < ADDRESS_BYTES + hop || (bytes - ADDRESS_BYTES) % hop !== 0)
    throw new RangeError(`Not a v3 path: ${bytes} bytes`);
  const tokens: Address[] = [];
  const fees: number[] = [];
  for (let at = 0; ; at += hop) {
    tokens.push(getAddress(slice(path, at, at + ADDRESS_BYTES)));
    if (at + ADDRESS_BYTES === bytes) break;
    fees.push(hexToNumber(slice(path, at + ADDRESS_BYTES, at + hop)));
  }
  return { tokens, fees };
}
