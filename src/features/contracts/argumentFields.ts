import type { AbiParameter } from 'viem';
import { parseAbiInput } from '@/core/contracts/abiInput';
import { type AbiTypeShape, abiTypeLabel, abiTypeShape } from '@/core/contracts/abiTypes';
import { errorText } from '@/lib/errorMessages';

/** The name a parameter goes by in labels and messages: its own, or `arg0`, `arg1`… as calldata.ts names them. */
export function argumentName(param: AbiParameter, index: number): string {
  return param.name || `arg${index}`;
}

/** The field label: `owner (address)`. */
export function argumentLabel(param: AbiParameter, index: number): string {
  return `${argumentName(param, index)} (${abiTypeLabel(param)})`;
}

function shapeOf(param: AbiParameter): AbiTypeShape | undefined {
  try {
    return abiTypeShape(param);
  } catch {
    return undefined;
  }
}

/** What one value looks like inside brackets (strings, addresses and bytes in quotes). */
function example(param: AbiParameter, depth: number): string {
  const shape = shapeOf(param);
  if (!shape || depth > 3) return '…';
  switch (shape.kind) {
    case 'int':
      return shape.signed ? '-1' : '1';
    case 'address':
    case 'bytes':
    case 'fixedBytes':
      return '"0x…"';
    case 'bool':
      return 'true';
    case 'string':
      return '"text"';
    case 'array': {
      const item = example(shape.element, depth + 1);
      if (shape.length !== undefined && shape.length <= 3) {
        return `[${Array.from({ length: shape.length }, () => item).join(', ')}]`;
      }
      return shape.length !== undefined ? `[${item}, ${item}, … ${shape.length} items]` : `[${item}, ${item}]`;
    }
    case 'tuple': {
      if (shape.named) {
        return `{${shape.components.map((c) => `"${c.name}": ${example(c, depth + 1)}`).join(', ')}}`;
      }
      return `[${shape.components.map((c) => example(c, depth + 1)).join(', ')}]`;
    }
  }
}

/**
 * A short hint of what to type, for types where the form is not obvious: lists and tuples show
 * their expected shape (`["0x…", "0x…"]`), fixed bytes their length. Undefined for address and
 * string, whose label says enough.
 */
export function argumentHint(param: AbiParameter): string | undefined {
  const shape = shapeOf(param);
  if (!shape) return undefined;
  switch (shape.kind) {
    case 'int':
      return 'A whole number, in decimal or as 0x hex. Amounts are in the smallest unit (such as wei), with no decimal point.';
    case 'bool':
      return 'true or false.';
    case 'fixedBytes':
      return `0x followed by exactly ${shape.size * 2} hex digits (${shape.size} byte${shape.size === 1 ? '' : 's'}).`;
    case 'bytes':
      return '0x followed by an even number of hex digits (0x alone for none).';
    case 'array':
      return `A list in square brackets${shape.length !== undefined ? ` with exactly ${shape.length} items` : ''}, such as ${example(param, 0)}.`;
    case 'tuple':
      return shape.named
        ? `Values in order as ${example({ ...param, components: shape.components.map((c) => ({ ...c, name: '' })) } as AbiParameter, 0)}, or by name as ${example(param, 0)}.`
        : `Values in order, such as ${example(param, 0)}.`;
    default:
      return undefined;
  }
}

/** Each argument read from its text, or the sentence saying what is wrong with it. */
export type ArgumentCheck = { values: unknown[]; errors: (string | undefined)[]; ok: boolean };

/** Reads every argument on its own, so each field can show its own error. */
export function checkArguments(inputs: readonly AbiParameter[], texts: readonly string[]): ArgumentCheck {
  const values: unknown[] = [];
  const errors: (string | undefined)[] = [];
  inputs.forEach((param, i) => {
    try {
      values.push(parseAbiInput({ ...param, name: argumentName(param, i) }, texts[i] ?? ''));
      errors.push(undefined);
    } catch (error) {
      values.push(undefined);
      errors.push(errorText(error));
    }
  });
  return { values, errors, ok: errors.every((e) => e === undefined) };
}
