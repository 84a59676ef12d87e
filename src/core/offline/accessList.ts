import type { AccessList, Address, Hex } from 'viem';
import { isCairnError } from '../errors/base';
import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import { parseAddress } from '../keys/address';
import { isRecord } from '../text/guards';

export type AccessListRead = { ok: true; accessList: AccessList } | { ok: false; problem: Message };

const STORAGE_KEY = /^0x[0-9a-fA-F]{64}$/;

function entryProblem(entry: unknown, index: number): Message | { address: Address; storageKeys: Hex[] } {
  const at = { entry: index + 1 };
  if (!isRecord(entry)) return msg('core.signing:accessList.notObject', at);
  const unknown = Object.keys(entry).filter((key) => key !== 'address' && key !== 'storageKeys');
  if (unknown[0] !== undefined) {
    return msg('core.signing:accessList.unknownField', { ...at, field: untrustedValue(unknown[0], 'whole') });
  }
  if (typeof entry.address !== 'string') return msg('core.signing:accessList.noAddress', at);
  let address: Address;
  try {
    address = parseAddress(entry.address);
  } catch (error) {
    return msg('core.signing:accessList.badAddress', {
      ...at,
      problem: isCairnError(error) ? error.text : msg('core.signing:accessList.invalidAddress'),
    });
  }
  if (!Array.isArray(entry.storageKeys)) return msg('core.signing:accessList.noKeys', at);
  const storageKeys: Hex[] = [];
  for (const [keyIndex, key] of entry.storageKeys.entries()) {
    if (typeof key !== 'string' || !STORAGE_KEY.test(key)) {
      return msg('core.signing:accessList.badKey', { ...at, key: keyIndex + 1 });
    }
    storageKeys.push(key.toLowerCase() as Hex);
  }
  return { address, storageKeys };
}

/** An access list as parsed JSON: `[{ "address": "0x…", "storageKeys": ["0x…32 bytes"] }]`. */
export function readAccessList(value: unknown): AccessListRead {
  if (!Array.isArray(value)) return { ok: false, problem: msg('core.signing:accessList.notList') };
  const accessList: { address: Address; storageKeys: Hex[] }[] = [];
  for (const [index, entry] of value.entries()) {
    const read = entryProblem(entry, index);
    if (!('address' in read)) return { ok: false, problem: read };
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
      problem: msg('core.signing:accessList.notJson', {
        example: codeValue('[{"address": "0x…", "storageKeys": ["0x…"]}]'),
      }),
    };
  }
  return readAccessList(value);
}
