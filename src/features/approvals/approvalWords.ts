import type { ApprovalRow } from '@/core/approvals/approvalRows';
import { dateOf } from '@/core/approvals/approvalsCsv';
import type { CallStep } from '@/core/dapp/callsBatch';
import {
  amountValue,
  type CodeValue,
  codeValue,
  type Message,
  msg,
  type UntrustedValue,
  untrustedValue,
} from '@/core/i18n/message';
import { shortAddress } from '@/lib/i18n/format';

/** The token's or collection's name as put in a line of text: its symbol, else its name, else its address. */
function tokenName(row: ApprovalRow) {
  const raw = row.label?.symbol || row.label?.name;
  return raw ? untrustedValue(raw, 'symbol') : codeValue(shortAddress(row.approval.token));
}

/** What the spender may take: "unlimited", an amount, one NFT or all of them. */
export function allowedWords(row: ApprovalRow): Message {
  const { approval } = row;
  switch (approval.kind) {
    case 'erc20':
    case 'permit2':
      return approval.unlimited
        ? msg('approvals:allowed.unlimited')
        : row.label?.decimals === undefined
          ? msg('approvals:allowed.baseUnits', { amount: approval.amount.toString() })
          : msg('approvals:allowed.amount', { amount: amountValue(approval.amount, row.label.decimals) });
    case 'operator':
      return msg('approvals:allowed.everyNft');
    case 'erc721':
      return msg('approvals:allowed.oneNft', { id: approval.tokenId.toString() });
  }
}

/** One line naming an approval: its heading on the screen and its line in the revoke review. `spender`: its address, or a name for it. */
export function describeApproval(row: ApprovalRow, spender: CodeValue | UntrustedValue): Message {
  const values = { token: tokenName(row), allowed: allowedWords(row), spender };
  return row.approval.kind === 'permit2'
    ? msg('approvals:describe.permit2', values)
    : msg('approvals:describe.plain', values);
}

/** A date, or "never" for a time beyond any date (Permit2 takes expirations far past the year 275760). */
export function dateWords(seconds: number | bigint, withTime: boolean): Message {
  const date = dateOf(seconds);
  if (!date) return msg('approvals:date.never');
  return withTime ? msg('approvals:date.withTime', { when: date }) : msg('approvals:date.day', { when: date });
}

/** Where one revocation stands while they are sent (why one was not sent is text from elsewhere, shown as such). */
export function stepWords(step: CallStep): Message {
  switch (step.state) {
    case 'waiting':
      return msg('approvals:step.waiting');
    case 'sending':
      return msg('approvals:step.sending');
    case 'mining':
      return msg('approvals:step.mining');
    case 'done':
      return step.receipt.status === '0x1' ? msg('approvals:step.revoked') : msg('approvals:step.failed');
    case 'not sent':
      if (step.error === undefined || step.error === '') return msg('approvals:step.notSent');
      return msg('approvals:step.notSentBecause', {
        error: typeof step.error === 'string' ? untrustedValue(step.error, 'whole') : step.error,
      });
  }
}
