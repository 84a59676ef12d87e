import { formatUnits } from 'viem';
import { FIAT_DECIMALS } from '../assets/fiat';
import { writeCsv } from '../csv/csv';
import { type ApprovalRow, FLAG_WORDS, KIND_WORDS } from './approvalRows';

export const APPROVALS_CSV_HEADER = [
  'kind',
  'token',
  'contract',
  'token_id',
  'spender',
  'spender_name',
  'amount',
  'unlimited',
  'at_risk',
  'value_at_risk_usd',
  'expires',
  'granted_block',
  'granted_date',
  'granted_tx',
  'flags',
];

/** The latest time a Date can hold (ms); Permit2 accepts expirations far beyond it (uint48 seconds). */
const LAST_DATE_MS = 8.64e15;

/** A time in UTC ISO 8601, or 'never' for one beyond any date (an expiration meant as "never"). */
export function isoTime(seconds: number | bigint): string {
  const ms = Number(seconds) * 1000;
  return ms > LAST_DATE_MS ? 'never' : new Date(ms).toISOString();
}

/**
 * The approvals as CSV, in the order shown: exact amounts in the token's units (base units when
 * it has no decimals), dates in UTC ISO 8601, the value at risk in dollars. Written by the one CSV
 * writer, so a token name a spreadsheet would run as a formula is guarded.
 */
export function approvalsCsv(rows: readonly ApprovalRow[], nameOf: (row: ApprovalRow) => string | undefined): string {
  const iso = (seconds: number | bigint | undefined) => (seconds === undefined ? '' : isoTime(seconds));
  const lines: string[][] = [APPROVALS_CSV_HEADER];
  for (const row of rows) {
    const { approval, label } = row;
    const decimals = label?.decimals ?? 0;
    const fungible = approval.kind === 'erc20' || approval.kind === 'permit2';
    lines.push([
      KIND_WORDS[approval.kind],
      label?.symbol || label?.name || '',
      approval.token,
      approval.kind === 'erc721' ? String(approval.tokenId) : '',
      row.spender,
      nameOf(row) ?? '',
      fungible ? formatUnits(approval.amount, decimals) : '',
      fungible ? String(approval.unlimited) : approval.kind === 'operator' ? 'true' : 'false',
      row.atRisk === undefined ? '' : formatUnits(row.atRisk, decimals),
      row.valueAtRisk === undefined ? '' : formatUnits(row.valueAtRisk, FIAT_DECIMALS),
      approval.kind === 'permit2' ? iso(approval.expiration) : '',
      String(approval.blockNumber),
      iso(row.grantedAt),
      approval.transactionHash,
      row.flags.map((flag) => FLAG_WORDS[flag]).join('; '),
    ]);
  }
  return writeCsv(lines);
}
