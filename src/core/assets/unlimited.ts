// The one home of "how much an allowance may be before Cairn calls it unlimited, or too much":
// the preview (simulation), the Approvals screen and signatures that grant allowances (permits)
// all decide here.

/**
 * From this amount (base units) an allowance counts as unlimited: 2^96 − 1 is what tokens that
 * store allowances in 96 bits (UNI, COMP) keep for approve(max), and an allowance spent down from
 * max, or set just below it (2^256 − 2), stays far above it. It is 7.9e28 base units: 79 billion
 * tokens of 18 decimals, and Permit2's own "unlimited" (2^160 − 1) is above it too. Tokens with
 * supplies in the hundreds of trillions (SHIB, PEPE: about 10^32 base units) hold real amounts
 * above it: an exact allowance that large is called unlimited too, so the review shows its exact
 * amount beside the word unless it is one of the values apps use for "no limit"
 * (isConventionalUnlimited).
 */
export const UNLIMITED_FROM = 2n ** 96n - 1n;

/** Whether an allowance of `amount` base units lets its spender take, in effect, everything. */
export function isUnlimited(amount: bigint): boolean {
  return amount >= UNLIMITED_FROM;
}

/**
 * An allowance this many times the owner's balance of the token is "far above" it. A swap or a
 * deposit approves about what it spends; ten times the balance is a permission the task does not
 * need.
 */
export const FAR_ABOVE_BALANCE_FACTOR = 10n;

/**
 * Whether an allowance of `amount` is far above the owner's `balance` of the token: more than
 * FAR_ABOVE_BALANCE_FACTOR times it, or any allowance when the balance is 0 (nothing to spend now,
 * so whatever comes in later is at stake). Unlimited amounts are warned of as such, not here.
 */
export function isFarAboveBalance(amount: bigint, balance: bigint): boolean {
  if (amount === 0n || isUnlimited(amount)) return false;
  return balance === 0n || amount > balance * FAR_ABOVE_BALANCE_FACTOR;
}

/** The amounts apps approve to mean "no limit": the maxima of the usual integer widths, and 2^255. */
const CONVENTIONAL_UNLIMITED = new Set(
  [96n, 112n, 128n, 160n, 192n, 255n, 256n].map((bits) => 2n ** bits - 1n).concat([2n ** 255n]),
);

/**
 * Whether an unlimited `amount` is one of the values apps use for "no limit" (2^256 − 1, 2^255,
 * 2^160 − 1, 2^128 − 1, 2^96 − 1 …), rather than a real amount above UNLIMITED_FROM: such an
 * amount is shown exactly beside the word "unlimited".
 */
export function isConventionalUnlimited(amount: bigint): boolean {
  return CONVENTIONAL_UNLIMITED.has(amount);
}
