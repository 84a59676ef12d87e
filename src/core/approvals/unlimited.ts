// The one home of "how much an allowance may be before Cairn calls it unlimited, or too much":
// the preview (simulation), the Approvals screen and signatures that grant allowances (permits)
// all decide here.

/**
 * From this amount (base units) an allowance counts as unlimited: 2^96 − 1 is what tokens that
 * store allowances in 96 bits (UNI, COMP) keep for approve(max), and an allowance spent down from
 * max, or set just below it (2^256 − 2), stays far above it. It is 7.9e28 base units: 79 billion
 * tokens of 18 decimals, more than nearly any token's supply, so nothing real is lost by calling
 * it unlimited, and Permit2's own "unlimited" (2^160 − 1) is above it too.
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
