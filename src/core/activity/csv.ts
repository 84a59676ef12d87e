import { formatUnits } from 'viem';
import { writeCsv } from '../csv/csv';
import { type Message, msg } from '../i18n/message';
import type { ActivityEntry, EntryStatus } from './entries';
import type { ActivityAsset, ActivityDirection } from './item';

/** How an asset is written in the export: its symbol, decimals, and contract (empty for native). */
export type AssetLabel = { symbol: string; decimals: number; contract: string };

/** A network as the export names it, with its coin (for fees) and the labels of its assets. */
export type CsvNetwork = {
  name: string;
  chainId: number;
  native: { symbol: string; decimals: number };
  label: (asset: ActivityAsset) => AssetLabel;
};

/** The column headers, in the reader's language: the export is a report for people, not a file Cairn reads back. */
export const CSV_HEADER: readonly Message[] = [
  msg('core.chain:activity.csv.date'),
  msg('core.chain:activity.csv.network'),
  msg('core.chain:activity.csv.chainId'),
  msg('core.chain:activity.csv.hash'),
  msg('core.chain:activity.csv.direction'),
  msg('core.chain:activity.csv.counterparty'),
  msg('core.chain:activity.csv.asset'),
  msg('core.chain:activity.csv.contract'),
  msg('core.chain:activity.csv.tokenId'),
  msg('core.chain:activity.csv.amount'),
  msg('core.chain:activity.csv.fee'),
  msg('core.chain:activity.csv.status'),
];

const DIRECTIONS: Record<ActivityDirection, Message> = {
  in: msg('core.chain:activity.csv.direction.in'),
  out: msg('core.chain:activity.csv.direction.out'),
  self: msg('core.chain:activity.csv.direction.self'),
};

const STATUSES: Record<EntryStatus, Message> = {
  confirmed: msg('core.chain:activity.csv.status.confirmed'),
  signed: msg('core.chain:activity.csv.status.signed'),
  pending: msg('core.chain:activity.csv.status.pending'),
  failed: msg('core.chain:activity.csv.status.failed'),
  replaced: msg('core.chain:activity.csv.status.replaced'),
  dropped: msg('core.chain:activity.csv.status.dropped'),
  rejected: msg('core.chain:activity.csv.status.rejected'),
};

/**
 * The history as CSV, one row per movement (a transaction with several has several rows; its fee
 * is on the first), each with its network's name and chain id, exact amounts in the asset's units,
 * dates in UTC ISO 8601, fee in the network's coin. Entries without a movement (a contract call,
 * an approval) get one row; entries of a network not in `networks` none. Headers, directions and
 * statuses are Messages put in words by `word` (the caller's `translate`, at export time).
 * Written by the one CSV writer, so a field a spreadsheet would run as a formula is guarded.
 */
export function historyCsv(
  entries: readonly ActivityEntry[],
  networks: ReadonlyMap<string, CsvNetwork>,
  word: (message: Message) => string,
): string {
  const rows: string[][] = [CSV_HEADER.map(word)];
  for (const entry of entries) {
    const network = networks.get(entry.networkId);
    if (!network) continue;
    const date = entry.timestamp === undefined ? '' : new Date(entry.timestamp * 1000).toISOString();
    const fee = entry.fee === undefined ? '' : formatUnits(entry.fee, network.native.decimals);
    const movements = entry.movements.length > 0 ? entry.movements : [undefined];
    movements.forEach((m, i) => {
      const asset = m ? network.label(m.asset) : undefined;
      rows.push([
        date,
        network.name,
        String(network.chainId),
        entry.hash,
        word(DIRECTIONS[m?.direction ?? (entry.sentByAccount ? 'out' : 'in')]),
        m?.counterparty ?? entry.counterparty ?? '',
        asset?.symbol ?? '',
        asset?.contract ?? '',
        m && 'tokenId' in m.asset ? String(m.asset.tokenId) : '',
        m && asset ? formatUnits(m.amount, asset.decimals) : '',
        i === 0 ? fee : '',
        word(STATUSES[entry.status]),
      ]);
    });
  }
  return writeCsv(rows);
}
