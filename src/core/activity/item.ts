import type { Address, Hex } from 'viem';
import { sameAddress } from '../keys/sameAddress';

/** What moved: the native coin, an ERC-20 amount, or an NFT (ERC-721 / ERC-1155 id). */
export type ActivityAsset =
  | { kind: 'native' }
  | { kind: 'erc20'; address: Address }
  | { kind: 'erc721'; address: Address; tokenId: bigint }
  | { kind: 'erc1155'; address: Address; tokenId: bigint };

/** Where an item was learnt: the node's logs, a block scan (local chain) or the user's explorer. */
export const ACTIVITY_SOURCES = ['logs', 'scan', 'explorer'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

/** The sources of native value: logs only tell of token transfers (and the transactions behind them). */
export const NATIVE_ITEM_SOURCES = ['scan', 'explorer'] as const satisfies readonly ActivitySource[];

export const ACTIVITY_DIRECTIONS = ['in', 'out', 'self'] as const;
export type ActivityDirection = (typeof ACTIVITY_DIRECTIONS)[number];

/**
 * One movement of value into or out of one of the person's accounts, as mined on chain. A
 * transaction can make several (a swap: a token out and another in), and a transfer between two
 * of the person's accounts makes one for each.
 */
export type ActivityItem = {
  /** Unique per account: `${chainId}:${account}:${hash}:${part}` (see itemId). */
  id: string;
  chainId: number;
  account: Address;
  hash: Hex;
  blockNumber: bigint;
  /** Block time in unix seconds, once known. */
  timestamp: number | undefined;
  /** Position of the transaction in its block. */
  txIndex: number;
  /** Position of the transfer log in its block; undefined for native value moved by the transaction itself. */
  logIndex: number | undefined;
  direction: ActivityDirection;
  /** The other side: sender of an incoming item, recipient of an outgoing one; undefined for a contract creation. */
  counterparty: Address | undefined;
  asset: ActivityAsset;
  /** Base units; 1 for an ERC-721 token. */
  amount: bigint;
  /** Network fee the account paid, on the item of a transaction it sent. */
  fee: bigint | undefined;
  /** The transaction reverted (native value did not move; its fee was still paid). */
  failed: boolean;
  source: ActivitySource;
};

/** `part` tells items of one transaction apart: 'tx', 'internal:<n>' or 'log:<logIndex>[:<n>]'. */
export function itemId(chainId: number, account: Address, hash: Hex, part: string): string {
  return `${chainId}:${account.toLowerCase()}:${hash.toLowerCase()}:${part}`;
}

/** Every item is made here: its id follows from where it sits (chain, account, hash and part). */
export function activityItem(part: string, fields: Omit<ActivityItem, 'id'>): ActivityItem {
  return { id: itemId(fields.chainId, fields.account, fields.hash, part), ...fields };
}

export function direction(account: Address, from: Address | undefined, to: Address | undefined): ActivityDirection {
  const out = sameAddress(from, account);
  const inbound = sameAddress(to, account);
  return out && inbound ? 'self' : out ? 'out' : 'in';
}

/** Newest first: by block, transaction and log position (a transaction's own value after its logs). */
export function compareItems(a: ActivityItem, b: ActivityItem): number {
  if (a.blockNumber !== b.blockNumber) return a.blockNumber > b.blockNumber ? -1 : 1;
  if (a.txIndex !== b.txIndex) return b.txIndex - a.txIndex;
  const ai = a.logIndex ?? -1;
  const bi = b.logIndex ?? -1;
  if (ai !== bi) return bi - ai;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
