import type { Address, Hex } from 'viem';
import type { ApprovalEvent } from '../approvals/approvalEvents';
import { type Message, msg } from '../i18n/message';
import { sameAddress } from '../keys/sameAddress';
import { isActive, type TxRecord, type TxStatus } from '../tx/record';
import { isLookalike } from '../tx/safety';
import type { ActivityAsset, ActivityDirection, ActivityItem } from './item';

/** One asset moving one way within a transaction. */
export type Movement = {
  direction: ActivityDirection;
  counterparty: Address | undefined;
  asset: ActivityAsset;
  amount: bigint;
};

export type EntryStatus = 'confirmed' | Exclude<TxStatus, 'confirmed'>;

/** Why an entry may be address poisoning or spam rather than real activity. */
export type Suspicion = 'zero-value' | 'unsolicited-token' | 'lookalike';

/** One transaction as the history shows it, for one of the person's accounts. */
export type ActivityEntry = {
  /** Unique across networks and accounts: `${networkId}:${account}:${hash}`. */
  key: string;
  /** The network it is on (its id): a list across networks names it, and links open it there. */
  networkId: string;
  account: Address;
  hash: Hex;
  blockNumber: bigint | undefined;
  timestamp: number | undefined;
  status: EntryStatus;
  movements: Movement[];
  /** The network fee the account paid for it, when it sent it. */
  fee: bigint | undefined;
  /** The account sent this transaction (as opposed to receiving from, or being moved by, someone else). */
  sentByAccount: boolean;
  /** The transaction's other side: the recipient of what went out, or the sender of what came in. */
  counterparty: Address | undefined;
  suspicions: Suspicion[];
  /** Where it came from: the chain (synced) or only Cairn's own record (not yet mined, or never). */
  fromRecord: boolean;
  /** Position for ordering within a block. */
  txIndex: number;
  /** The origin of the site that asked Cairn to send it, when one did. */
  site?: string | undefined;
  /** A transaction the account sent that moved nothing and granted or withdrew an approval (its events say which). */
  approval?: 'granted' | 'withdrawn' | undefined;
  /** A browser wallet sent something other than what was reviewed: what differs (from Cairn's record). */
  walletMismatch?: Message | undefined;
  /**
   * Cairn sent it to create a contract (its record has no recipient); `counterparty` is then the
   * contract created, once the chain shows it.
   */
  creation?: true | undefined;
};

const assetKey = (asset: ActivityAsset) => (asset.kind === 'native' ? 'native' : asset.address.toLowerCase());

/**
 * How the history's asset filter names an asset an entry on `networkId` moved: 'native' for the
 * coin of whichever network (one choice across networks), anything else by its network and
 * contract (`${networkId}:${address}`, lower case): one address on two networks can be two tokens.
 */
export function filterAssetKey(networkId: string, asset: ActivityAsset): string {
  return asset.kind === 'native' ? 'native' : `${networkId}:${assetKey(asset)}`;
}

/**
 * The history of one account: synced items grouped per transaction, plus Cairn's own records the
 * chain does not show (pending, refused, dropped, replaced). Entries that look like address
 * poisoning or spam are marked: zero-value token transfers the account did not send, tokens it
 * never asked for (`knownTokens` = its list and added tokens, lower-case), and counterparties that
 * are look-alikes of addresses it knows (`knownAddresses`: contacts, own accounts, past recipients).
 * Newest first, pending ones on top.
 */
export function buildEntries(args: {
  /** The network the items and records are of (its id). */
  networkId: string;
  account: Address;
  items: readonly ActivityItem[];
  records: readonly TxRecord[];
  knownTokens: ReadonlySet<string>;
  knownAddresses: readonly Address[];
  /** The account's approval events, to mark the transactions that set them. */
  approvalEvents?: readonly ApprovalEvent[];
}): ActivityEntry[] {
  const approvals = approvalMarks(args.approvalEvents ?? []);
  const byHash = new Map<string, ActivityItem[]>();
  for (const item of args.items) {
    const key = item.hash.toLowerCase();
    byHash.set(key, [...(byHash.get(key) ?? []), item]);
  }
  const siteByHash = new Map(args.records.filter((r) => r.site).map((r) => [r.hash.toLowerCase(), r.site]));
  const mismatchByHash = new Map(
    args.records.flatMap((r) => (r.walletMismatch ? [[r.hash.toLowerCase(), r.walletMismatch] as const] : [])),
  );
  const creations = new Set(args.records.filter((r) => r.to === undefined).map((r) => r.hash.toLowerCase()));
  const entries: ActivityEntry[] = [];
  for (const [hash, items] of byHash) {
    const txItem = items.find((i) => i.logIndex === undefined && i.fee !== undefined);
    const sentByAccount = txItem !== undefined;
    const movements = items
      .filter((i) => !(i.asset.kind === 'native' && i.amount === 0n))
      .filter((i) => !(i.failed && i.asset.kind === 'native'))
      .map(({ direction, counterparty, asset, amount }) => ({ direction, counterparty, asset, amount }));
    const first = items[0] as ActivityItem;
    const primary = movements.find((m) => m.direction !== 'in') ?? movements[0];
    const counterparty = primary?.counterparty ?? txItem?.counterparty;
    entries.push({
      key: `${args.networkId}:${first.account.toLowerCase()}:${hash}`,
      networkId: args.networkId,
      account: first.account,
      hash: first.hash,
      blockNumber: first.blockNumber,
      timestamp: items.find((i) => i.timestamp !== undefined)?.timestamp,
      status: items.some((i) => i.failed) ? 'failed' : 'confirmed',
      movements,
      fee: txItem?.fee,
      sentByAccount,
      counterparty,
      suspicions: suspicions(movements, sentByAccount, args.knownTokens, args.knownAddresses),
      fromRecord: false,
      txIndex: first.txIndex,
      site: siteByHash.get(hash),
      walletMismatch: mismatchByHash.get(hash),
      creation: creations.has(hash) || undefined,
      // Tokens also emit Approval when a transferFrom spends an allowance: only a transaction the
      // account sent that moved nothing is taken for one that set an approval.
      approval: sentByAccount && movements.length === 0 ? approvals.get(hash) : undefined,
    });
  }
  for (const record of args.records) {
    // A batch another of the person's accounts sent for this one (a passkey account's, whose
    // sends are internal to the payer's transaction) is this account's too, as Cairn recorded it.
    const runFor = record.batch && !sameAddress(record.batch.account, record.from) ? record.batch.account : undefined;
    const ranHere = runFor !== undefined && sameAddress(runFor, args.account);
    if (!sameAddress(record.from, args.account) && !ranHere) continue;
    if (byHash.has(record.hash.toLowerCase())) continue;
    // Mined records the sync has not reached yet show as what Cairn knows of them; the payer of
    // another account's batch moved nothing of its own but the fee.
    const movement: Movement | undefined =
      runFor && !ranHere
        ? undefined
        : record.intent
          ? {
              direction: 'out',
              counterparty: record.intent.recipient,
              asset: intentAsset(record.intent.asset),
              amount: record.intent.amount,
            }
          : record.value > 0n
            ? { direction: 'out', counterparty: record.to, asset: { kind: 'native' }, amount: record.value }
            : undefined;
    entries.push({
      key: `${args.networkId}:${args.account.toLowerCase()}:${record.hash.toLowerCase()}`,
      networkId: args.networkId,
      account: args.account,
      hash: record.hash,
      blockNumber: record.blockNumber,
      timestamp: Math.floor(record.createdAt / 1000),
      status: record.status,
      movements: movement ? [movement] : [],
      fee: undefined,
      sentByAccount: true,
      counterparty: movement?.counterparty ?? record.to,
      suspicions: [],
      fromRecord: true,
      txIndex: 0,
      site: record.site,
      walletMismatch: record.walletMismatch,
      creation: record.to === undefined || undefined,
      approval: movement ? undefined : approvals.get(record.hash.toLowerCase()),
    });
  }
  return entries.sort(compareEntries);
}

/** Per transaction hash: whether its approval events grant anything (else they only withdraw). */
function approvalMarks(events: readonly ApprovalEvent[]): Map<string, 'granted' | 'withdrawn'> {
  const marks = new Map<string, 'granted' | 'withdrawn'>();
  for (const event of events) {
    const hash = event.transactionHash.toLowerCase();
    if (marks.get(hash) !== 'granted') marks.set(hash, grants(event) ? 'granted' : 'withdrawn');
  }
  return marks;
}

function grants(event: ApprovalEvent): boolean {
  switch (event.kind) {
    case 'erc20':
    case 'permit2':
      return event.amount > 0n;
    case 'operator':
      return event.approved;
    case 'erc721':
      return !event.revoked;
  }
}

function intentAsset(asset: NonNullable<TxRecord['intent']>['asset']): ActivityAsset {
  if (asset.kind === 'native') return { kind: 'native' };
  if (asset.kind === 'token') return { kind: 'erc20', address: asset.address };
  return { kind: asset.standard, address: asset.address, tokenId: asset.tokenId };
}

function suspicions(
  movements: readonly Movement[],
  sentByAccount: boolean,
  knownTokens: ReadonlySet<string>,
  knownAddresses: readonly Address[],
): Suspicion[] {
  const found = new Set<Suspicion>();
  for (const m of movements) {
    if (!sentByAccount && m.asset.kind === 'erc20' && m.amount === 0n) found.add('zero-value');
    if (m.direction === 'in' && m.asset.kind === 'erc20' && !knownTokens.has(assetKey(m.asset)))
      found.add('unsolicited-token');
    const other = m.counterparty;
    if (!sentByAccount && other && knownAddresses.some((known) => isLookalike(known, other))) found.add('lookalike');
  }
  if (!sentByAccount && movements.length === 0) found.add('zero-value');
  return [...found];
}

/** Pending first (newest first among them), then by block, then position in the block. */
export function compareEntries(a: ActivityEntry, b: ActivityEntry): number {
  const pa = a.blockNumber === undefined;
  const pb = b.blockNumber === undefined;
  if (pa !== pb) return pa ? -1 : 1;
  if (pa && pb) return (b.timestamp ?? 0) - (a.timestamp ?? 0);
  if (a.blockNumber !== b.blockNumber) return (a.blockNumber as bigint) > (b.blockNumber as bigint) ? -1 : 1;
  if (a.txIndex !== b.txIndex) return b.txIndex - a.txIndex;
  return a.key < b.key ? -1 : 1;
}

export type EntryFilter = {
  /** One network (its id); undefined for every network listed. */
  network: string | undefined;
  /** An asset as filterAssetKey names it; undefined for any. */
  asset: string | undefined;
  direction: 'in' | 'out' | 'any';
  status: 'confirmed' | 'failed' | 'pending' | 'any';
  /** A hash, an address or part of one (hex, any case). */
  search: string;
  showSuspicious: boolean;
};

export const ANY_ENTRY: EntryFilter = {
  network: undefined,
  asset: undefined,
  direction: 'any',
  status: 'any',
  search: '',
  showSuspicious: false,
};

/** The entries a filter keeps. Suspicious entries are hidden unless asked for. */
export function filterEntries(entries: readonly ActivityEntry[], filter: EntryFilter): ActivityEntry[] {
  const search = filter.search.trim().toLowerCase();
  return entries.filter((e) => {
    if (filter.network !== undefined && e.networkId !== filter.network) return false;
    if (!filter.showSuspicious && e.suspicions.length > 0) return false;
    if (filter.asset && !e.movements.some((m) => filterAssetKey(e.networkId, m.asset) === filter.asset)) return false;
    if (filter.direction === 'in' && !e.movements.some((m) => m.direction === 'in')) return false;
    if (filter.direction === 'out' && !(e.sentByAccount || e.movements.some((m) => m.direction !== 'in'))) return false;
    if (filter.status === 'pending' && !(e.fromRecord && isActive({ status: e.status } as TxRecord))) return false;
    if (filter.status === 'confirmed' && e.status !== 'confirmed') return false;
    if (filter.status === 'failed' && e.status !== 'failed' && e.status !== 'rejected' && e.status !== 'dropped')
      return false;
    if (search) {
      const haystack = [
        e.hash,
        e.counterparty ?? '',
        ...e.movements.flatMap((m) => [m.counterparty ?? '', 'address' in m.asset ? m.asset.address : '']),
      ]
        .join(' ')
        .toLowerCase();
      if (!haystack.includes(search)) return false;
    }
    return true;
  });
}

export type EntryRow =
  | { kind: 'day'; key: string; day: Message | string }
  | { kind: 'entry'; key: string; entry: ActivityEntry };

const NOT_MINED = msg('core.chain:activity.day.notMined');
const TIME_UNKNOWN = msg('core.chain:activity.day.timeUnknown');

/**
 * Rows for the list: a heading row before each day's entries (`dayOf` turns a unix time into the
 * person's local day label), and one for entries not yet mined or of an unknown time (Messages).
 */
export function groupByDay(entries: readonly ActivityEntry[], dayOf: (unixSeconds: number) => string): EntryRow[] {
  const rows: EntryRow[] = [];
  let current: string | undefined;
  for (const entry of entries) {
    const day =
      entry.blockNumber === undefined
        ? NOT_MINED
        : entry.timestamp === undefined
          ? TIME_UNKNOWN
          : dayOf(entry.timestamp);
    const dayKey = typeof day === 'string' ? day : day.id;
    if (dayKey !== current) {
      rows.push({ kind: 'day', key: `day:${dayKey}:${rows.length}`, day });
      current = dayKey;
    }
    rows.push({ kind: 'entry', key: entry.key, entry });
  }
  return rows;
}
