import type { AbiParameter } from 'viem';
import { parseAbiInput } from '@/core/contracts/abiInput';
import { type AbiTypeShape, abiTypeLabel, abiTypeShape } from '@/core/contracts/abiTypes';
import { codeValue, type Message } from '@/core/i18n/message';
import { t } from '@/lib/i18n';
import { errorMessage } from '@/lib/i18n/errorMessages';

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
      return `"${t('contracts:argument.exampleText')}"`;
    case 'array': {
      const item = example(shape.element, depth + 1);
      if (shape.length !== undefined && shape.length <= 3) {
        return `[${Array.from({ length: shape.length }, () => item).join(', ')}]`;
      }
      return shape.length !== undefined
        ? `[${t('contracts:argument.exampleLongList', { item, count: shape.length })}]`
        : `[${item}, ${item}]`;
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
 * string, whose label says enough. In the language shown: call it where it is shown.
 */
export function argumentHint(param: AbiParameter): string | undefined {
  const shape = shapeOf(param);
  if (!shape) return undefined;
  switch (shape.kind) {
    case 'int':
      return t('contracts:argument.int');
    case 'bool':
      return t('contracts:argument.bool');
    case 'fixedBytes':
      return t('contracts:argument.fixedBytes', { digits: shape.size * 2, size: shape.size });
    case 'bytes':
      return t('contracts:argument.bytes');
    case 'array': {
      const sample = codeValue(example(param, 0));
      return shape.length === undefined
        ? t('contracts:argument.list', { example: sample })
        : t('contracts:argument.fixedList', { length: shape.length, example: sample });
    }
    case 'tuple': {
      if (!shape.named) return t('contracts:argument.tuple', { example: codeValue(example(param, 0)) });
      const positional = { ...param, components: shape.components.map((c) => ({ ...c, name: '' })) } as AbiParameter;
      return t('contracts:argument.namedTuple', {
        positional: codeValue(example(positional, 0)),
        named: codeValue(example(param, 0)),
      });
    }
    default:
      return undefined;
  }
}

/** Each argument read from its text, or the sentence saying what is wrong with it. */
export type ArgumentCheck = { values: unknown[]; errors: (Message | string | undefined)[]; ok: boolean };

/** Reads every argument on its own, so each field can show its own error. */
export function checkArguments(inputs: readonly AbiParameter[], texts: readonly string[]): ArgumentCheck {
  const values: unknown[] = [];
  const errors: (Message | string | undefined)[] = [];
  inputs.forEach((param, i) => {
    try {
      values.push(parseAbiInput({ ...param, name: argumentName(param, i) }, texts[i] ?? ''));
      errors.push(undefined);
    } catch (error) {
      values.push(undefined);
      errors.push(errorMessage(error));
    }
  });
  return { values, errors, ok: errors.every((e) => e === undefined) };
}
