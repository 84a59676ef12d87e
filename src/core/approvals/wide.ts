import type { CurrentApproval } from './currentApprovals';

/**
 * From this amount an allowance counts as unlimited: 2^96 - 1 is what tokens that store allowances
 * in 96 bits (UNI, COMP) keep for approve(max), and an allowance spent down from max stays above it.
 * No real amount of a token comes near it (7.9e28 base units).
 */
export const UNLIMITED_FROM = 2n ** 96n - 1n;

/** What puts everything at stake: an unlimited allowance or an operator for all NFTs. */
export function isWide(approval: CurrentApproval): boolean {
  return (
    approval.kind === 'operator' || ((approval.kind === 'erc20' || approval.kind === 'permit2') && approval.unlimited)
  );
}

/** Open unlimited allowances and operators for all NFTs: what Home counts per account. */
export function countWide(approvals: readonly CurrentApproval[]): number {
  return approvals.filter(isWide).length;
}
