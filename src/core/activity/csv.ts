import { formatUnits } from 'viem';
import { writeCsv } from '../csv/csv';
import type { ActivityEntry } from './entries';
import type { ActivityAsset } from './item';

/** How an asset is written in the export: its symbol, decimals, and contract (empty for native). */
export type AssetLabel = { symbol: string; decimals: number; contract: string };

export const CSV_HEADER = [
  'date',
  'hash',
  'direction',
  'counterparty',
  'asset',
  'contract',
  'token_id',
  'amount',
  'fee',
  'status',
];

/**
 * The history as CSV, one row per movement (a transaction with several has several rows; its fee
 * is on the first), exact amounts in the asset's units, dates in UTC ISO 8601, fee in the
 * network's coin. Entries without a movement (a contract call, an approval) get one row. Written
 * by the one CSV writer, so a field a spreadsheet would run as a formula is guarded.
 */
export function historyCsv(
  entries: readonly ActivityEntry[],
  label: (asset: ActivityAsset) => AssetLabel,
  native: { symbol: string; decimals: number },
): string {
  const rows: string[][] = [CSV_HEADER];
  for (const entry of entries) {
    const date = entry.timestamp === undefined ? '' : new Date(entry.timestamp * 1000).toISOString();
    const fee = entry.fee === undefined ? '' : formatUnits(entry.fee, native.decimals);
    const movements = entry.movements.length > 0 ? entry.movements : [undefined];
    movements.forEach((m, i) => {
      const asset = m ? label(m.asset) : undefined;
      rows.push([
        date,
        entry.hash,
        m?.direction ?? (entry.sentByAccount ? 'out' : 'in'),
        m?.counterparty ?? entry.counterparty ?? '',
        asset?.symbol ?? '',
        asset?.contract ?? '',
        m && 'tokenId' in m.asset ? String(m.asset.tokenId) : '',
        m && asset ? formatUnits(m.amount, asset.decimals) : '',
        i === 0 ? fee : '',
        entry.status,
      ]);
    });
  }
  return writeCsv(rows);
}
