import { formatUnits } from 'viem';
import { FIAT_DECIMALS } from '../assets/fiat';
import { writeCsv } from '../csv/csv';
import { type Message, msg } from '../i18n/message';
import { type ApprovalRow, FLAG_WORDS, KIND_WORDS } from './approvalRows';

/** The column headers, in the reader's language: the export is a report for people, not a file Cairn reads back. */
export const APPROVALS_CSV_HEADER: readonly Message[] = [
  msg('core.chain:approvals.csv.kind'),
  msg('core.chain:approvals.csv.token'),
  msg('core.chain:approvals.csv.contract'),
  msg('core.chain:approvals.csv.tokenId'),
  msg('core.chain:approvals.csv.spender'),
  msg('core.chain:approvals.csv.spenderName'),
  msg('core.chain:approvals.csv.amount'),
  msg('core.chain:approvals.csv.unlimited'),
  msg('core.chain:approvals.csv.atRisk'),
  msg('core.chain:approvals.csv.valueAtRiskUsd'),
  msg('core.chain:approvals.csv.expires'),
  msg('core.chain:approvals.csv.grantedBlock'),
  msg('core.chain:approvals.csv.grantedDate'),
  msg('core.chain:approvals.csv.grantedTx'),
  msg('core.chain:approvals.csv.flags'),
];

const NEVER = msg('core.chain:approvals.csv.never');
const YES = msg('core.chain:approvals.csv.yes');
const NO = msg('core.chain:approvals.csv.no');

/**
 * Unix seconds as a Date, or undefined for a time beyond the last one a Date can hold: Permit2
 * accepts expirations far past it (uint48 seconds), meant as "never".
 */
export function dateOf(seconds: number | bigint): Date | undefined {
  const ms = Number(seconds) * 1000;
  return ms > 8.64e15 ? undefined : new Date(ms);
}

/**
 * The approvals as CSV, in the order shown: exact amounts in the token's units (base units when
 * it has no decimals), dates in UTC ISO 8601, the value at risk in dollars. Headers, kinds, flags,
 * "never" and yes/no are Messages put in words by `word` (the caller's `translate`, at export
 * time). Written by the one CSV writer, so a token name a spreadsheet would run as a formula is guarded.
 */
export function approvalsCsv(
  rows: readonly ApprovalRow[],
  nameOf: (row: ApprovalRow) => string | undefined,
  word: (message: Message) => string,
): string {
  const iso = (seconds: number | bigint | undefined) =>
    seconds === undefined ? '' : (dateOf(seconds)?.toISOString() ?? word(NEVER));
  const yesNo = (value: boolean) => word(value ? YES : NO);
  const lines: string[][] = [APPROVALS_CSV_HEADER.map(word)];
  for (const row of rows) {
    const { approval, label } = row;
    const decimals = label?.decimals ?? 0;
    const fungible = approval.kind === 'erc20' || approval.kind === 'permit2';
    lines.push([
      word(KIND_WORDS[approval.kind]),
      label?.symbol || label?.name || '',
      approval.token,
      approval.kind === 'erc721' ? String(approval.tokenId) : '',
      row.spender,
      nameOf(row) ?? '',
      fungible ? formatUnits(approval.amount, decimals) : '',
      fungible ? yesNo(approval.unlimited) : yesNo(approval.kind === 'operator'),
      row.atRisk === undefined ? '' : formatUnits(row.atRisk, decimals),
      row.valueAtRisk === undefined ? '' : formatUnits(row.valueAtRisk, FIAT_DECIMALS),
      approval.kind === 'permit2' ? iso(approval.expiration) : '',
      String(approval.blockNumber),
      iso(row.grantedAt),
      approval.transactionHash,
      row.flags.map((flag) => word(FLAG_WORDS[flag])).join('; '),
    ]);
  }
  return writeCsv(lines);
}
