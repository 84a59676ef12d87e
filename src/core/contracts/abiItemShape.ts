import { codeValue, type Message, msg } from '../i18n/message';

const KINDS = new Set(['function', 'event', 'error', 'constructor', 'fallback', 'receive']);

/**
 * What is wrong with the form of a JSON ABI item (the `index`-th), leaving its Solidity types
 * aside: parseAbiJson's first check, also made on saved ABIs when they are read at start-up. Kept
 * apart from parseAbiJson so that it brings no abitype parser into the first screen.
 */
export function abiItemShapeProblem(item: unknown, index: number): Message | undefined {
  if (typeof item !== 'object' || item === null) return msg('core.contracts:abiJson.notObject', { index });
  const entry = item as { type?: unknown; name?: unknown; inputs?: unknown };
  const kind = entry.type ?? 'function';
  if (typeof kind !== 'string' || !KINDS.has(kind))
    return msg('core.contracts:abiJson.unknownType', { index, type: codeValue(String(entry.type)) });
  if ((kind === 'function' || kind === 'event' || kind === 'error') && typeof entry.name !== 'string')
    return msg('core.contracts:abiJson.noName', { index, kind: codeValue(String(kind)) });
  if (entry.inputs !== undefined && !Array.isArray(entry.inputs))
    return msg('core.contracts:abiJson.inputsNotList', { index });
  return undefined;
}
