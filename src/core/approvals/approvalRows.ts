import type { Address } from 'viem';
import { usdValue } from '../assets/fiat';
import type { PickedPrice } from '../assets/l2Pricing';
import type { ContractLabel } from '../assets/tokenMetadata';
import { PERMIT2_ADDRESS } from '../chain/localChain';
import { type Message, msg } from '../i18n/message';
import { approvalKey } from '../simulation/changes';
import { type ApprovalContext, spenderOf } from './approvalContext';
import { type CurrentApproval, tokensAtRisk } from './currentApprovals';
import { isWide } from './wide';

/** Why an approval deserves a second look. */
export type ApprovalFlag = 'unlimited' | 'no-code' | 'all-nfts' | 'old' | 'unused' | 'unlisted';

// The words for kinds and flags, shared by the screen and the CSV export (worded where shown).
export const KIND_WORDS: Record<CurrentApproval['kind'], Message> = {
  erc20: msg('core.chain:approvals.kind.erc20'),
  permit2: msg('core.chain:approvals.kind.permit2'),
  operator: msg('core.chain:approvals.kind.operator'),
  erc721: msg('core.chain:approvals.kind.erc721'),
};

export const FLAG_WORDS: Record<ApprovalFlag, Message> = {
  unlimited: msg('core.chain:approvals.flag.unlimited'),
  'no-code': msg('core.chain:approvals.flag.noCode'),
  'all-nfts': msg('core.chain:approvals.flag.allNfts'),
  old: msg('core.chain:approvals.flag.old'),
  unused: msg('core.chain:approvals.flag.unused'),
  unlisted: msg('core.chain:approvals.flag.unlisted'),
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
  /** Whose feed `valueAtRisk` is at: the network's own, or (an L2's) its parent network's. */
  priceFrom?: 'network' | 'parent';
  /** Unix time of the block it was granted in, when known. */
  grantedAt: number | undefined;
  /** Undefined when the node was not asked or did not say. */
  spenderHasCode: boolean | undefined;
  flags: ApprovalFlag[];
};

export const approvalId = (approval: CurrentApproval): string =>
  approvalKey(approval.kind === 'permit2' ? { ...approval, permit2: PERMIT2_ADDRESS } : approval);

/** What the screen knows around the approvals: see approvalRows. */
export type RowFacts = {
  context: ApprovalContext | undefined;
  /** Each token's price as every figure takes it (shownPrices: an L2's sequencer rule), by lower-case address. */
  prices: ReadonlyMap<string, PickedPrice>;
  /** Unix seconds now (the head's time). */
  now: number;
  /** Whether the account sent a transaction to `spender` after `block`; undefined while its history is not synced. */
  calledSince: (spender: Address, block: bigint) => boolean | undefined;
  /** Whether a token is in the network's lists or added by the person (lower case); NFT collections are not asked. */
  listed: (token: Address) => boolean;
  /**
   * The owner's balances as every figure takes them (the portfolio's: proven where a check has one
   * apart from the node's claim), by lower-case token: they cap what is at risk in place of the
   * balance read with the approvals.
   */
  balances?: ReadonlyMap<string, bigint> | undefined;
};

/**
 * Rows for the Approvals screen, sorted: value at risk first (most first), then what puts
 * everything at stake without a value (unlimited allowances, operators for all NFTs), then the
 * rest (nothing at risk now included), each group most recent first.
 */
export function sortedApprovalRows(approvals: readonly CurrentApproval[], facts: RowFacts): ApprovalRow[] {
  const { context, prices, now, calledSince, listed } = facts;
  const rows = approvals.map((approval): ApprovalRow => {
    const spender = spenderOf(approval);
    const token = approval.token.toLowerCase();
    const label = context?.labels.get(token);
    const shown = facts.balances?.get(token);
    const atRisk = tokensAtRisk(
      shown !== undefined && 'balance' in approval ? { ...approval, balance: shown } : approval,
    );
    const picked = prices.get(token);
    const priced = picked && 'price' in picked ? picked : undefined;
    const valueAtRisk =
      atRisk !== undefined && priced && label?.decimals !== undefined
        ? usdValue(atRisk, label.decimals, priced.price)
        : undefined;
    const grantedAt = context?.grantedAt.get(String(approval.blockNumber));
    const spenderHasCode = context?.hasCode.get(spender.toLowerCase());
    const flags: ApprovalFlag[] = [];
    const fungible = approval.kind === 'erc20' || approval.kind === 'permit2';
    if (fungible && approval.unlimited) flags.push('unlimited');
    if (approval.kind === 'operator') flags.push('all-nfts');
    if (spenderHasCode === false) flags.push('no-code');
    if (grantedAt !== undefined && now - grantedAt > YEAR_SECONDS) flags.push('old');
    if (calledSince(spender, approval.blockNumber) === false) flags.push('unused');
    if (fungible && !listed(approval.token)) flags.push('unlisted');
    return {
      id: approvalId(approval),
      approval,
      spender,
      label,
      atRisk,
      valueAtRisk,
      ...(valueAtRisk !== undefined && priced ? { priceFrom: priced.from } : {}),
      grantedAt,
      spenderHasCode,
      flags,
    };
  });
  return rows.sort(byRisk);
}

function byRisk(a: ApprovalRow, b: ApprovalRow): number {
  const group = (row: ApprovalRow) => (row.valueAtRisk ? 0 : isWide(row.approval) ? 1 : 2);
  if (group(a) !== group(b)) return group(a) - group(b);
  if (a.valueAtRisk && b.valueAtRisk && a.valueAtRisk !== b.valueAtRisk) return a.valueAtRisk > b.valueAtRisk ? -1 : 1;
  if (a.approval.blockNumber !== b.approval.blockNumber)
    return a.approval.blockNumber > b.approval.blockNumber ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
