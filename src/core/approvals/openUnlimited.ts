import type { CurrentApproval } from './currentApprovals';

/** Open unlimited ERC-20 and Permit2 allowances and operators for all NFTs: what the portfolio counts per account. */
export function openUnlimited(approvals: readonly CurrentApproval[]): number {
  return approvals.filter((a) => a.kind === 'operator' || ((a.kind === 'erc20' || a.kind === 'permit2') && a.unlimited))
    .length;
}
