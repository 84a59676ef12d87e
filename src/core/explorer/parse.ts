import { type Address, getAddress, type Hex, isAddress } from 'viem';

/** What every explorer list reports of a value transfer. */
export type ExplorerTransfer = {
  hash: Hex;
  blockNumber: bigint;
  /** Block time, unix seconds. */
  timestamp: number;
  from: Address;
  /** Undefined for a contract creation (by the transaction, or by an internal call). */
  to: Address | undefined;
  value: bigint;
  isError: boolean;
};

/** A transaction sent or received by an address, as an explorer's `txlist` reports it. */
export type ExplorerTx = ExplorerTransfer & {
  gasUsed: bigint;
  gasPrice: bigint;
  /**
   * The L1 data fee paid on an OP Stack or Scroll rollup, where the explorer reports it (`l1Fee`,
   * in wei; Etherscan's documented `txlist` fields do not include it, so it is mostly absent).
   */
  l1Fee?: bigint | undefined;
  input: Hex;
  nonce: number;
};

/** A value transfer made by a contract during a transaction (`txlistinternal`). */
export type ExplorerInternalTx = ExplorerTransfer;

/** What one explorer answer says, before Cairn decides which error (if any) it is. */
export type ExplorerAnswer =
  | { kind: 'items'; items: readonly unknown[] }
  | { kind: 'value'; value: string }
  | { kind: 'rateLimited'; text: string }
  | { kind: 'invalidKey'; text: string }
  | { kind: 'unsupportedChain'; text: string; plan: boolean }
  | { kind: 'refused'; text: string }
  | { kind: 'malformed'; problem: string };

/**
 * Reads an Etherscan-style envelope `{ status, message, result }`. Status "1" carries the result;
 * status "0" with an empty list is "no records" (not an error); status "0" with a text result is a
 * refusal, sorted by its wording.
 */
export function readAnswer(body: string): ExplorerAnswer {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { kind: 'malformed', problem: 'the answer is not JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { kind: 'malformed', problem: 'the answer is not a JSON object' };
  }
  const { status, message, result } = json as Record<string, unknown>;
  if (typeof status !== 'string' || typeof message !== 'string') {
    return { kind: 'malformed', problem: 'the answer has no status or message' };
  }
  if (status === '1') {
    if (Array.isArray(result)) return { kind: 'items', items: result };
    if (typeof result === 'string') return { kind: 'value', value: result };
    return { kind: 'malformed', problem: 'the result is neither a list nor a value' };
  }
  if (status !== '0') return { kind: 'malformed', problem: `unknown status “${status.slice(0, 10)}”` };
  if (Array.isArray(result) && result.length === 0 && message !== 'NOTOK') return { kind: 'items', items: [] };
  if (typeof result !== 'string') return { kind: 'malformed', problem: 'a refusal without a reason' };
  return classifyRefusal(result);
}

/** Sorts an explorer's refusal text ("NOTOK" result) into the cases Cairn words differently. */
export function classifyRefusal(text: string): ExplorerAnswer {
  if (/rate limit|too many requests/i.test(text)) return { kind: 'rateLimited', text };
  if (/invalid api ?key|api ?key (is )?(missing|invalid)/i.test(text)) return { kind: 'invalidKey', text };
  if (/chain ?id/i.test(text) && /missing|unsupported|invalid|not supported/i.test(text)) {
    return { kind: 'unsupportedChain', text, plan: false };
  }
  if (/not supported for this chain/i.test(text)) return { kind: 'unsupportedChain', text, plan: true };
  return { kind: 'refused', text };
}

/** A field of one item that Cairn cannot accept; the message names the field, never its value. */
export class ItemProblem extends Error {}

type Raw = Record<string, unknown>;

function text(item: Raw, name: string): string {
  const value = item[name];
  if (typeof value !== 'string') throw new ItemProblem(`field “${name}” is missing or not a string`);
  return value;
}

function whole(item: Raw, name: string): bigint {
  const value = text(item, name);
  if (!/^\d{1,78}$/.test(value)) throw new ItemProblem(`field “${name}” is not a whole number`);
  return BigInt(value);
}

function smallWhole(item: Raw, name: string): number {
  const value = whole(item, name);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ItemProblem(`field “${name}” is too large`);
  return Number(value);
}

function txHash(item: Raw, name: string): Hex {
  const value = text(item, name);
  if (!/^0x[0-9a-fA-F]{64}$/.test(value)) throw new ItemProblem(`field “${name}” is not a transaction hash`);
  return value.toLowerCase() as Hex;
}

function bytes(item: Raw, name: string): Hex {
  const value = text(item, name);
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(value)) throw new ItemProblem(`field “${name}” is not hex data`);
  return value.toLowerCase() as Hex;
}

function address(item: Raw, name: string): Address {
  const value = text(item, name);
  if (!isAddress(value, { strict: false })) throw new ItemProblem(`field “${name}” is not an address`);
  return getAddress(value);
}

/** An address, or undefined when the explorer leaves it empty (contract creation). */
function maybeAddress(item: Raw, name: string): Address | undefined {
  return text(item, name) === '' ? undefined : address(item, name);
}

function flag(item: Raw, name: string): boolean {
  const value = text(item, name);
  if (value !== '0' && value !== '1') throw new ItemProblem(`field “${name}” is neither "0" nor "1"`);
  return value === '1';
}

function record(raw: unknown): Raw {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ItemProblem('the item is not an object');
  return raw as Raw;
}

/** Converts one `txlist` item, checking every field. Throws ItemProblem. */
export function toExplorerTx(raw: unknown): ExplorerTx {
  const item = record(raw);
  return {
    ...movement(item),
    gasUsed: whole(item, 'gasUsed'),
    gasPrice: whole(item, 'gasPrice'),
    ...(typeof item.l1Fee === 'string' && item.l1Fee !== '' ? { l1Fee: whole(item, 'l1Fee') } : {}),
    input: bytes(item, 'input'),
    nonce: smallWhole(item, 'nonce'),
  };
}

/** Converts one `txlistinternal` item, checking every field. Throws ItemProblem. */
export function toExplorerInternalTx(raw: unknown): ExplorerInternalTx {
  return movement(record(raw));
}

/** The fields every history item has: which transaction, when, who to whom, how much, whether it failed. */
function movement(item: Raw): ExplorerInternalTx {
  return {
    hash: txHash(item, 'hash'),
    blockNumber: whole(item, 'blockNumber'),
    timestamp: smallWhole(item, 'timeStamp'),
    from: address(item, 'from'),
    to: maybeAddress(item, 'to'),
    value: whole(item, 'value'),
    isError: flag(item, 'isError'),
  };
}
