import type { CurrentApproval } from './currentApprovals';

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
