import { type Address, getAddress, type Hex } from 'viem';
import type { ApprovalEvent } from './approvalEvents';
import { type ApprovalScanState, ownerKey } from './approvalStore';

/** An event as IndexedDB keeps it: bigints as decimal strings, the block as a number for the range index. */
export type StoredApprovalEvent = Record<string, unknown> & { id: string; ownerKey: string; block: number };

const BIG = ['amount', 'expiration', 'tokenId', 'blockNumber'] as const;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const INTEGER = /^\d{1,78}$/;

export function toStoredEvent(chainId: number, event: ApprovalEvent): StoredApprovalEvent {
  const stored: StoredApprovalEvent = {
    ...event,
    id: `${ownerKey(chainId, event.owner)}:${event.transactionHash}:${event.logIndex}`,
    ownerKey: ownerKey(chainId, event.owner),
    block: Number(event.blockNumber),
  };
  for (const field of BIG) if (field in event) stored[field] = String((event as Record<string, unknown>)[field]);
  return stored;
}

/** An event from its stored form; throws on a damaged one (the store skips it, the next scan of its range rewrites it). */
export function fromStoredEvent(stored: Record<string, unknown>): ApprovalEvent {
  const fail = (field: string): never => {
    throw new Error(`damaged approval event: ${field}`);
  };
  const address = (field: string): Address =>
    typeof stored[field] === 'string' && ADDRESS.test(stored[field] as string)
      ? getAddress(stored[field] as string)
      : fail(field);
  const big = (field: string): bigint =>
    typeof stored[field] === 'string' && INTEGER.test(stored[field] as string)
      ? BigInt(stored[field] as string)
      : fail(field);
  const flag = (field: string): boolean =>
    typeof stored[field] === 'boolean' ? (stored[field] as boolean) : fail(field);
  const hash =
    typeof stored.transactionHash === 'string' && HASH.test(stored.transactionHash)
      ? (stored.transactionHash as Hex)
      : fail('transactionHash');
  const logIndex = Number.isSafeInteger(stored.logIndex) ? (stored.logIndex as number) : fail('logIndex');
  const where = { blockNumber: big('blockNumber'), transactionHash: hash, logIndex };
  const token = address('token');
  const owner = address('owner');
  switch (stored.kind) {
    case 'erc20':
      return {
        kind: 'erc20',
        token,
        owner,
        spender: address('spender'),
        amount: big('amount'),
        unlimited: flag('unlimited'),
        ...where,
      };
    case 'erc721':
      return {
        kind: 'erc721',
        token,
        owner,
        approved: address('approved'),
        tokenId: big('tokenId'),
        revoked: flag('revoked'),
        ...where,
      };
    case 'operator':
      return { kind: 'operator', token, owner, operator: address('operator'), approved: flag('approved'), ...where };
    case 'permit2':
      return {
        kind: 'permit2',
        permit2: address('permit2'),
        token,
        owner,
        spender: address('spender'),
        amount: big('amount'),
        expiration: big('expiration'),
        unlimited: flag('unlimited'),
        ...where,
      };
    default:
      return fail('kind');
  }
}

export type StoredScanState = Record<string, unknown> & { key: string };

export function toStoredScan(state: ApprovalScanState): StoredScanState {
  return {
    ...state,
    key: ownerKey(state.chainId, state.owner),
    headNumber: String(state.headNumber),
    logsTo: String(state.logsTo),
    logSpan: String(state.logSpan),
  };
}

/** A scan state from its stored form; undefined when missing or damaged (the next scan starts over). */
export function fromStoredScan(stored: Record<string, unknown> | undefined): ApprovalScanState | undefined {
  if (!stored) return undefined;
  const big = (v: unknown) => (typeof v === 'string' && INTEGER.test(v) ? BigInt(v) : undefined);
  const [headNumber, logsTo, logSpan] = [big(stored.headNumber), big(stored.logsTo), big(stored.logSpan)];
  const { chainId, owner, headHash } = stored;
  if (headNumber === undefined || logsTo === undefined || logSpan === undefined || !logSpan) return undefined;
  if (!Number.isSafeInteger(chainId) || typeof owner !== 'string' || !ADDRESS.test(owner)) return undefined;
  if (typeof headHash !== 'string' || !HASH.test(headHash)) return undefined;
  return {
    chainId: chainId as number,
    owner: getAddress(owner),
    headNumber,
    headHash: headHash as Hex,
    logsTo,
    logSpan,
  };
}
