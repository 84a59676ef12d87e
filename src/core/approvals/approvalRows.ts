import type { Address } from 'viem';
import { usdValue } from '../assets/fiat';
import type { FeedAnswer } from '../assets/portfolio';
import type { ContractLabel } from '../assets/tokenMetadata';
import { PERMIT2_ADDRESS } from '../signing/permits';
import { approvalKey } from '../simulation/changes';
import { type ApprovalContext, spenderOf } from './approvalContext';
import { type CurrentApproval, tokensAtRisk } from './currentApprovals';

/** Why an approval deserves a second look. */
export type ApprovalFlag = 'unlimited' | 'no-code' | 'all-nfts' | 'old' | 'unused';

export const FLAG_WORDS: Record<ApprovalFlag, string> = {
  unlimited: 'unlimited',
  'no-code': 'spender is not a contract',
  'all-nfts': 'operator for all NFTs',
  old: 'granted more than a year ago',
  unused: 'not used since granted',
};

const YEAR_SECONDS = 365 * 86_400;

/** One approval as the Approvals screen lists it. */
export type ApprovalRow = {
  /** The same for an approval whatever its amount (approvalKey). */
  id: string;
  approval: CurrentApproval;
  spender: Address;
  label: ContractLabel | undefined;
  /** Base units of the token the spender could take now; undefined for NFTs and unknown balances. */
  atRisk: bigint | undefined;
  /** Dollar value of `atRisk` (18 decimals); undefined without a price or decimals. */
  valueAtRisk: bigint | undefined;
  /** Unix time of the block it was granted in, when known. */
  grantedAt: number | undefined;
  /** Undefined when the node was not asked or did not say. */
  spenderHasCode: boolean | undefined;
  flags: ApprovalFlag[];
};

export const approvalId = (approval: CurrentApproval): string =>
  approvalKey(approval.kind === 'permit2' ? { ...approval, permit2: PERMIT2_ADDRESS } : approval);

/**
 * Rows for the Approvals screen, most value at risk first; among those without a value, unlimited
 * ones and operators for all NFTs first, then the most recent. `dealtWithSince(spender, block)`
 * says whether the account's history shows any dealing with the spender after that block
 * (undefined while the history is not synced: the flag is then not raised).
 */
export function approvalRows(
  approvals: readonly CurrentApproval[],
  context: ApprovalContext | undefined,
  prices: ReadonlyMap<string, FeedAnswer>,
  now: number,
  dealtWithSince: (spender: Address, block: bigint) => boolean | undefined,
): ApprovalRow[] {
  const rows = approvals.map((approval): ApprovalRow => {
    const spender = spenderOf(approval);
    const token = approval.token.toLowerCase();
    const label = context?.labels.get(token);
    const atRisk = tokensAtRisk(approval);
    const price = prices.get(token);
    const valueAtRisk =
      atRisk !== undefined && price && label?.decimals !== undefined
        ? usdValue(atRisk, label.decimals, price)
        : undefined;
    const grantedAt = context?.grantedAt.get(String(approval.blockNumber));
    const spenderHasCode = context?.hasCode.get(spender.toLowerCase());
    const flags: ApprovalFlag[] = [];
    if ((approval.kind === 'erc20' || approval.kind === 'permit2') && approval.unlimited) flags.push('unlimited');
    if (approval.kind === 'operator') flags.push('all-nfts');
    if (spenderHasCode === false) flags.push('no-code');
    if (grantedAt !== undefined && now - grantedAt > YEAR_SECONDS) flags.push('old');
    if (dealtWithSince(spender, approval.blockNumber) === false) flags.push('unused');
    return {
      id: approvalId(approval),
      approval,
      spender,
      label,
      atRisk,
      valueAtRisk,
      grantedAt,
      spenderHasCode,
      flags,
    };
  });
  return rows.sort(byRisk);
}

function byRisk(a: ApprovalRow, b: ApprovalRow): number {
  if (a.valueAtRisk !== b.valueAtRisk) {
    if (a.valueAtRisk === undefined) return 1;
    if (b.valueAtRisk === undefined) return -1;
    return a.valueAtRisk > b.valueAtRisk ? -1 : 1;
  }
  const wide = (row: ApprovalRow) => (row.flags.includes('unlimited') || row.flags.includes('all-nfts') ? 0 : 1);
  if (wide(a) !== wide(b)) return wide(a) - wide(b);
  if (a.approval.blockNumber !== b.approval.blockNumber)
    return a.approval.blockNumber > b.approval.blockNumber ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
