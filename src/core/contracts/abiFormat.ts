import {
  type AbiFunction,
  type AbiParameter,
  bytesToHex,
  decodeFunctionResult,
  getAddress,
  type Hex,
  isAddress,
} from 'viem';
import { formatAbiItem } from 'viem/utils';
import { formatDecodedValue } from '../activity/txDecode';
import { toSafeDetails } from '../errors/base';
import { InputError } from '../errors/input';
import { type AbiTypeShape, abiTypeLabel, abiTypeShape } from './abiTypes';

/** One decoded value with its name (as the ABI gives it, possibly ''), type and text. */
export type AbiValueText = { name: string; type: string; value: unknown; text: string };

/**
 * The text a person would type to get `value` back from parseAbiInput: numbers in decimal,
 * addresses checksummed, bytes as lower-case hex, top-level strings as they are. Arrays and tuples
 * are written as JSON-like text: strings, addresses and bytes in double quotes, numbers unquoted
 * and exact at any size, a tuple as `{"name": …}` when every component has a name, else `[…]`.
 * Accepts what viem decodes (numbers for small ints, objects or arrays for tuples). Never throws:
 * a value that does not fit its type is written by formatDecodedValue.
 */
export function formatAbiValue(param: AbiParameter, value: unknown): string {
  try {
    const shape = abiTypeShape(param);
    if (shape.kind === 'string' && typeof value === 'string') return value;
    const text = write(shape, value, false);
    return text ?? formatDecodedValue(value);
  } catch {
    return formatDecodedValue(value);
  }
}

/** undefined when `value` does not fit the type. `nested` quotes strings, addresses and bytes. */
function write(shape: AbiTypeShape, value: unknown, nested: boolean): string | undefined {
  const quoted = (text: string) => (nested ? JSON.stringify(text) : text);
  switch (shape.kind) {
    case 'int':
      if (typeof value === 'bigint') return value.toString();
      return typeof value === 'number' && Number.isSafeInteger(value) ? value.toString() : undefined;
    case 'bool':
      return typeof value === 'boolean' ? String(value) : undefined;
    case 'address':
      return typeof value === 'string' && isAddress(value, { strict: false })
        ? quoted(getAddress(value.toLowerCase()))
        : undefined;
    case 'fixedBytes':
    case 'bytes': {
      const hex = value instanceof Uint8Array ? bytesToHex(value) : value;
      return typeof hex === 'string' && /^0x[0-9a-fA-F]*$/.test(hex) ? quoted(hex.toLowerCase()) : undefined;
    }
    case 'string':
      return typeof value === 'string' ? JSON.stringify(value) : undefined;
    case 'array':
      return Array.isArray(value)
        ? list(value.map((item) => write(abiTypeShape(shape.element), item, true)))
        : undefined;
    case 'tuple': {
      if (typeof value !== 'object' || value === null) return undefined;
      const byName = !Array.isArray(value);
      const parts = shape.components.map((c, i) => {
        const item = byName ? (value as Record<string, unknown>)[c.name ?? ''] : (value as unknown[])[i];
        return write(abiTypeShape(c), item, true);
      });
      if (!shape.named) return list(parts);
      if (parts.some((p) => p === undefined)) return undefined;
      return `{${shape.components.map((c, i) => `${JSON.stringify(c.name)}: ${parts[i]}`).join(', ')}}`;
    }
  }
}

function list(parts: (string | undefined)[]): string | undefined {
  return parts.some((p) => p === undefined) ? undefined : `[${parts.join(', ')}]`;
}

/**
 * Decodes what eth_call returned for `fn` into one entry per output, each with its text from
 * formatAbiValue. A function without outputs gives [].
 *
 * Errors: INPUT_ABI when the answer does not fit the outputs (empty answer: probably no contract
 * at that address on this network; otherwise the ABI does not match the contract).
 */
export function decodeResult(fn: AbiFunction, data: Hex): AbiValueText[] {
  const outputs = fn.outputs ?? [];
  if (outputs.length === 0) return [];
  let decoded: unknown;
  try {
    decoded = decodeFunctionResult({ abi: [fn], functionName: fn.name, data } as never);
  } catch (error) {
    const sentence =
      data === '0x'
        ? `The call to ${fn.name} returned nothing: there may be no contract at this address on this network, or it has no function ${formatAbiItem(fn)}.`
        : `The answer to ${fn.name} does not fit its outputs (${outputs.map(abiTypeLabel).join(', ')}): the ABI may not match this contract.`;
    throw new InputError('INPUT_ABI', sentence, { details: toSafeDetails(error), cause: error });
  }
  // viem returns the value itself for one output, an array for several.
  const values = outputs.length === 1 ? [decoded] : (decoded as unknown[]);
  return outputs.map((param, i) => ({
    name: param.name ?? '',
    type: abiTypeLabel(param),
    value: values[i],
    text: formatAbiValue(param, values[i]),
  }));
}
