import type { ApprovalRow } from '@/core/approvals/approvalRows';
import { dateOf } from '@/core/approvals/approvalsCsv';
import type { CallStep } from '@/core/dapp/callsBatch';
import { untrustedLabel } from '@/core/text/untrustedText';
import { formatAmount, shortAddress } from '@/lib/format';

/** The token's or collection's name as shown in a line of text: its symbol, else its name, else its address (made safe). */
export function tokenName(row: ApprovalRow): string {
  const raw = row.label?.symbol || row.label?.name;
  return raw ? untrustedLabel(raw, 'symbol') : shortAddress(row.approval.token);
}

/** What the spender may take, in words: "unlimited", an amount, one NFT or all of them. */
export function allowedWords(row: ApprovalRow): string {
  const { approval } = row;
  switch (approval.kind) {
    case 'erc20':
    case 'permit2':
      return approval.unlimited
        ? 'unlimited'
        : row.label?.decimals === undefined
          ? `${approval.amount} base units`
          : formatAmount(approval.amount, row.label.decimals);
    case 'operator':
      return 'every NFT of the collection';
    case 'erc721':
      return `NFT #${approval.tokenId}`;
  }
}

/** One line naming an approval: its heading on the screen and its line in the revoke review. `spender` is shown text already made safe. */
export function describeApproval(row: ApprovalRow, spender: string): string {
  const via = row.approval.kind === 'permit2' ? ' through Permit2' : '';
  return `${tokenName(row)}: ${allowedWords(row)} for ${spender}${via}`;
}

/** A date, or "never" for a time beyond any date (Permit2 takes expirations far past the year 275760). */
export function dateWords(seconds: number | bigint, withTime: boolean): string {
  const date = dateOf(seconds);
  if (!date) return 'never';
  return withTime ? date.toLocaleString() : date.toLocaleDateString();
}

/** Where one revocation stands while they are sent. */
export function stepWords(step: CallStep): string {
  switch (step.state) {
    case 'waiting':
      return 'waiting';
    case 'sending':
      return 'sending…';
    case 'mining':
      return 'sent, waiting for it to be mined…';
    case 'done':
      return step.receipt.status === '0x1' ? 'revoked' : 'failed on chain';
    case 'not sent':
      return step.error ? `not sent: ${step.error}` : 'not sent';
  }
}
