import type { AbiParameter } from 'viem';
import { formatAbiParams } from 'viem/utils';
import { InputError } from '../errors/input';
import { codeValue, msg } from '../i18n/message';

/**
 * What an ABI parameter's type string means, in a form the parser and the formatter can switch on.
 * `uint`/`int` are the aliases of `uint256`/`int256`.
 */
export type AbiTypeShape =
  | { kind: 'int'; signed: boolean; bits: number; min: bigint; max: bigint }
  | { kind: 'address' }
  | { kind: 'bool' }
  | { kind: 'fixedBytes'; size: number }
  | { kind: 'bytes' }
  | { kind: 'string' }
  | { kind: 'array'; length: number | undefined; element: AbiParameter }
  | { kind: 'tuple'; components: readonly AbiParameter[]; named: boolean };

const ARRAY = /^(.*)\[(\d*)\]$/;
const INT = /^(u?)int(\d*)$/;
const FIXED_BYTES = /^bytes(\d+)$/;

function unsupported(type: string): never {
  throw new InputError('INPUT_ABI', msg('core.contracts:abi.unsupportedType', { type: codeValue(type) }));
}

/**
 * Reads `param.type` (and its components for tuples). Throws INPUT_ABI for types viem cannot
 * encode (fixed-point numbers, `function`, uint7, bytes33, …).
 */
export function abiTypeShape(param: AbiParameter): AbiTypeShape {
  const type = param.type;
  const array = ARRAY.exec(type);
  if (array) {
    const [, inner = '', digits = ''] = array;
    const length = digits === '' ? undefined : Number(digits);
    if (length !== undefined && (!Number.isSafeInteger(length) || length < 1)) unsupported(type);
    return { kind: 'array', length, element: { ...param, name: '', type: inner } as AbiParameter };
  }
  const int = INT.exec(type);
  if (int) {
    const signed = int[1] === '';
    const bits = int[2] ? Number(int[2]) : 256;
    if (bits < 8 || bits > 256 || bits % 8 !== 0 || (int[2] ?? '').startsWith('0')) unsupported(type);
    const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
    const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
    return { kind: 'int', signed, bits, min, max };
  }
  const fixedBytes = FIXED_BYTES.exec(type);
  if (fixedBytes) {
    const size = Number(fixedBytes[1]);
    if (size < 1 || size > 32 || (fixedBytes[1] ?? '').startsWith('0')) unsupported(type);
    return { kind: 'fixedBytes', size };
  }
  if (type === 'address' || type === 'bool' || type === 'bytes' || type === 'string') return { kind: type };
  if (type === 'tuple') {
    const components = 'components' in param && Array.isArray(param.components) ? param.components : [];
    // Keyed by name only when every component has a distinct name (as viem's decoder, which also
    // needs them distinct: two parts named alike would overwrite each other).
    const named =
      components.length > 0 &&
      components.every((c) => typeof c.name === 'string' && c.name !== '') &&
      new Set(components.map((c) => c.name)).size === components.length;
    return { kind: 'tuple', components, named };
  }
  return unsupported(type);
}

/** The canonical type as Solidity writes it, with tuples spelled out: `(address,uint256)[]`. */
export function abiTypeLabel(param: AbiParameter): string {
  try {
    return formatAbiParams([{ ...param, name: '' } as AbiParameter]);
  } catch {
    return String(param.type);
  }
}
