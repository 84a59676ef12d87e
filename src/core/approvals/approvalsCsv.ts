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

/**
 * Unix seconds as a Date, or undefined for a time beyond the last one a Date can hold: Permit2
 * accepts expirations far past it (uint48 seconds), meant as "never".
 */
export function dateOf(seconds: number | bigint): Date | undefined {
  const ms = Number(seconds) * 1000;
  return ms > 8.64e15 ? undefined : new Date(ms);
}

/** A time in UTC ISO 8601, or 'never' for one beyond any date. */
export function isoTime(seconds: number | bigint): string {
  return dateOf(seconds)?.toISOString() ?? 'never';
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
