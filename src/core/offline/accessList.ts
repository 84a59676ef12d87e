import type { AccessList, Address, Hex } from 'viem';
import { isCairnError } from '../errors/base';
import { parseAddress } from '../keys/address';

export type AccessListRead = { ok: true; accessList: AccessList } | { ok: false; problem: string };

const STORAGE_KEY = /^0x[0-9a-fA-F]{64}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function entryProblem(entry: unknown, index: number): string | { address: Address; storageKeys: Hex[] } {
  const where = `Access list entry ${index + 1}`;
  if (!isRecord(entry)) return `${where} must be an object with "address" and "storageKeys".`;
  const unknown = Object.keys(entry).filter((key) => key !== 'address' && key !== 'storageKeys');
  if (unknown.length > 0)
    return `${where} has an unknown field "${unknown[0]}": only "address" and "storageKeys" belong there.`;
  if (typeof entry.address !== 'string') return `${where} needs an "address" written as a 0x string.`;
  let address: Address;
  try {
    address = parseAddress(entry.address);
  } catch (error) {
    return `${where}: ${isCairnError(error) ? error.shortMessage : 'the address is not valid.'}`;
  }
  if (!Array.isArray(entry.storageKeys)) return `${where} needs "storageKeys", a list (possibly empty).`;
  const storageKeys: Hex[] = [];
  for (const [keyIndex, key] of entry.storageKeys.entries()) {
    if (typeof key !== 'string' || !STORAGE_KEY.test(key)) {
      return `${where}, storage key ${keyIndex + 1}: a storage key is 0x followed by exactly 64 hex digits (32 bytes).`;
    }
    storageKeys.push(key.toLowerCase() as Hex);
  }
  return { address, storageKeys };
}

/** An access list as parsed JSON: `[{ "address": "0x…", "storageKeys": ["0x…32 bytes"] }]`. */
export function readAccessList(value: unknown): AccessListRead {
  if (!Array.isArray(value)) return { ok: false, problem: 'The access list must be a JSON list ([…]).' };
  const accessList: { address: Address; storageKeys: Hex[] }[] = [];
  for (const [index, entry] of value.entries()) {
    const read = entryProblem(entry, index);
    if (typeof read === 'string') return { ok: false, problem: read };
    accessList.push(read);
  }
  return { ok: true, accessList };
}

/** An access list typed or pasted as JSON text; empty text is an empty list. */
export function parseAccessListText(text: string): AccessListRead {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, accessList: [] };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return {
      ok: false,
      problem:
        'The access list is JSON, such as [{"address": "0x…", "storageKeys": ["0x…"]}]; this text is not valid JSON.',
    };
  }
  return readAccessList(value);
}
