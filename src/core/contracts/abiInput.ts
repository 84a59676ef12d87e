import { type AbiParameter, getAddress } from 'viem';
import { InputError } from '../errors/input';
import { type CodeValue, codeValue, type Message, msg } from '../i18n/message';
import { type AbiTypeShape, abiTypeLabel, abiTypeShape } from './abiTypes';
import { readValueText, type ValueNode, valueError } from './valueText';

/**
 * What a person types for a function argument, turned into the value viem encodes.
 *
 * Rules, per ABI type (surrounding spaces are ignored everywhere except in a top-level string):
 * - address: 0x and 40 hex digits. All-lowercase or all-uppercase digits are taken as they are;
 *   mixed case must match the EIP-55 checksum. Returns the checksummed address.
 * - bool: `true` or `false`, in any case. `1`/`0`, `yes`/`no` are refused: the field says bool,
 *   and a digit is more often a value typed into the wrong field than a boolean.
 * - uintN / intN: a whole number in decimal (`1000`, `-5`) or hex with 0x (`0xff`, `-0x10`), with `_`
 *   allowed between digits (`1_000_000`). No decimal point, exponent, leading `+`, commas or spaces.
 *   Range-checked against N bits. Returns a bigint (always, even for uint8).
 * - bytesN: 0x and exactly 2N hex digits. bytes: 0x and an even number of hex digits (`0x` is
 *   empty). Both return lower-case hex.
 * - string: the text exactly as typed, spaces included; an empty field is the empty string.
 * - T[], T[k] and tuples: JSON-like text (see valueText.ts): `[1, 2]`; a tuple either positional
 *   `[x, y]` or by component name `{"to": "0x…", "amount": 5}`. Inside brackets, strings need
 *   quotes (`["a b", "c"]`); other values may be quoted or not, and numbers stay exact at any size.
 *   A tuple comes back as an object keyed by component name when every component has a name
 *   (as viem decodes it), otherwise as an array.
 *
 * Every error is an InputError whose sentence starts with the path of the value at fault
 * (`order.amounts[0]: uint96 takes 0 to …`). Codes: INPUT_REQUIRED (an empty field other than a
 * string), INPUT_ABI_VALUE (anything else the person typed), INPUT_ABI (an ABI type Cairn cannot
 * encode, such as fixed128x18).
 */
export function parseAbiInput(param: AbiParameter, text: string): unknown {
  const path = param.name ?? '';
  const shape = abiTypeShape(param);
  if (shape.kind === 'string') return text;
  const trimmed = text.trim();
  if (trimmed === '') {
    const label = abiTypeLabel(param);
    throw new InputError(
      'INPUT_REQUIRED',
      path
        ? msg('core.contracts:abiValue.required', { name: codeValue(path), type: codeValue(label) })
        : msg('core.contracts:abiValue.requiredUnnamed', { type: codeValue(label) }),
    );
  }
  if (shape.kind === 'array' || shape.kind === 'tuple')
    return fromNode(param, shape, readValueText(trimmed, path), path);
  // A scalar may be pasted in quotes, as copied from JSON.
  const token = /^["']/.test(trimmed) ? quotedText(trimmed, path) : trimmed;
  return fromScalar(param, shape, token, path);
}

/**
 * Parses one text per parameter (unnamed parameters are called `arg0`, `arg1`, … in messages).
 * Throws the first error met, as parseAbiInput does; to show an error next to each field, call
 * parseAbiInput per field instead.
 */
export function parseAbiInputs(params: readonly AbiParameter[], texts: readonly string[]): unknown[] {
  if (texts.length !== params.length) {
    throw new InputError(
      'INPUT_ABI_VALUE',
      msg('core.contracts:abiValue.count', { expected: params.length, given: texts.length }),
    );
  }
  return params.map((param, i) => parseAbiInput({ ...param, name: param.name || `arg${i}` }, texts[i] ?? ''));
}

function quotedText(text: string, path: string): string {
  const node = readValueText(text, path);
  return node.kind === 'string' ? node.value : text;
}

/** What the person typed, in quotes as JSON writes it (cut when long), for a sentence. */
function quote(text: string): CodeValue {
  return codeValue(JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}…` : text));
}

function join(path: string, step: string | number): string {
  if (typeof step === 'number') return `${path}[${step}]`;
  return path ? `${path}.${step}` : step;
}

function fromNode(param: AbiParameter, shape: AbiTypeShape, node: ValueNode, path: string): unknown {
  const label = abiTypeLabel(param);
  const type = codeValue(label);
  if (shape.kind === 'array') {
    if (node.kind !== 'list') throw valueError(path, msg('core.contracts:abiValue.list', { type }));
    if (shape.length !== undefined && node.items.length !== shape.length) {
      throw valueError(
        path,
        msg('core.contracts:abiValue.exactItems', { type, count: shape.length, got: node.items.length }),
      );
    }
    const element = shape.element;
    const elementShape = abiTypeShape(element);
    return node.items.map((item, i) => fromNode(element, elementShape, item, join(path, i)));
  }
  if (shape.kind === 'tuple') return fromTuple(label, shape, node, path);
  if (node.kind === 'list' || node.kind === 'object') {
    throw valueError(
      path,
      msg(node.kind === 'list' ? 'core.contracts:abiValue.singleNotList' : 'core.contracts:abiValue.singleNotObject', {
        type,
      }),
    );
  }
  if (shape.kind === 'string') {
    if (node.kind === 'bare')
      throw valueError(path, msg('core.contracts:abiValue.quoteText', { text: codeValue(node.text) }));
    return node.value;
  }
  return fromScalar(param, shape, node.kind === 'string' ? node.value : node.text, path);
}

function fromTuple(
  label: string,
  shape: Extract<AbiTypeShape, { kind: 'tuple' }>,
  node: ValueNode,
  path: string,
): unknown {
  const { components, named } = shape;
  const type = codeValue(label);
  const parts = components.map((c, i) => ({ param: c, shape: abiTypeShape(c), path: join(path, c.name || i) }));
  if (node.kind === 'list') {
    if (node.items.length !== components.length) {
      throw valueError(
        path,
        msg('core.contracts:abiValue.tupleCount', { type, count: components.length, got: node.items.length }),
      );
    }
    const values = parts.map((part, i) => fromNode(part.param, part.shape, node.items[i] as ValueNode, part.path));
    return named ? Object.fromEntries(values.map((v, i) => [components[i]?.name, v])) : values;
  }
  if (node.kind !== 'object') {
    const example = codeValue(`{${components.map((c) => `"${c.name}": …`).join(', ')}}`);
    throw valueError(
      path,
      named
        ? msg('core.contracts:abiValue.tupleFormNamed', { type, example })
        : msg('core.contracts:abiValue.tupleForm', { type }),
    );
  }
  if (!named) throw valueError(path, msg('core.contracts:abiValue.tupleUnnamed', { type }));
  const given = new Map<string, ValueNode>();
  for (const entry of node.entries) {
    if (!components.some((c) => c.name === entry.key)) {
      const names = codeValue(components.map((c) => c.name).join(', '));
      throw valueError(path, msg('core.contracts:abiValue.noPart', { name: quote(entry.key), names }));
    }
    if (given.has(entry.key)) throw valueError(path, msg('core.contracts:abiValue.twice', { name: quote(entry.key) }));
    given.set(entry.key, entry.value);
  }
  return Object.fromEntries(
    parts.map((part) => {
      const name = part.param.name as string;
      const value = given.get(name);
      if (value === undefined)
        throw valueError(
          path,
          msg('core.contracts:abiValue.missing', { name: quote(name), type: codeValue(abiTypeLabel(part.param)) }),
        );
      return [name, fromNode(part.param, part.shape, value, part.path)];
    }),
  );
}

function fromScalar(param: AbiParameter, shape: AbiTypeShape, token: string, path: string): unknown {
  switch (shape.kind) {
    case 'address':
      return toAddress(token, path);
    case 'bool': {
      const lower = token.toLowerCase();
      if (lower === 'true' || lower === 'false') return lower === 'true';
      throw valueError(path, msg('core.contracts:abiValue.bool', { token: quote(token) }));
    }
    case 'int':
      return toInteger(shape, token, path);
    case 'fixedBytes':
    case 'bytes':
      return toBytes(shape, token, path);
    case 'string':
      return token;
    default:
      throw valueError(path, msg('core.contracts:abiValue.notSingle', { type: codeValue(abiTypeLabel(param)) }));
  }
}

function toAddress(token: string, path: string): string {
  if (!/^0[xX][0-9a-fA-F]{40}$/.test(token)) {
    throw valueError(path, msg('core.contracts:abiValue.notAddress', { token: quote(token) }));
  }
  const digits = token.slice(2);
  const checksummed = getAddress(`0x${digits.toLowerCase()}`);
  const mixedCase = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  if (mixedCase && `0x${digits}` !== checksummed) {
    throw valueError(path, msg('core.contracts:abiValue.checksum', { token: quote(token) }));
  }
  return checksummed;
}

const INTEGER = /^(-?)(0[xX][0-9a-fA-F](?:_?[0-9a-fA-F])*|[0-9](?:_?[0-9])*)$/;
/** Longer digit strings are refused before BigInt is asked to read them (uint256 has 78). */
const MAX_DIGITS = 90;

function toInteger(shape: Extract<AbiTypeShape, { kind: 'int' }>, token: string, path: string): bigint {
  const label = `${shape.signed ? 'int' : 'uint'}${shape.bits}`;
  const match = INTEGER.exec(token);
  if (!match) throw valueError(path, whyNotInteger(label, token));
  const [, sign, body = ''] = match;
  const digits = body.replace(/_/g, '');
  // The bounds and the number are shown as typed (no grouping): they are what goes in the field.
  const range = { type: codeValue(label), min: codeValue(String(shape.min)), max: codeValue(String(shape.max)) };
  const count = digits.replace(/^0x/i, '').replace(/^0+(?=.)/, '').length;
  if (count > MAX_DIGITS) {
    const id = !sign
      ? 'core.contracts:abiValue.digitsTooLarge'
      : shape.signed
        ? 'core.contracts:abiValue.digitsTooSmall'
        : 'core.contracts:abiValue.digitsNegative';
    throw valueError(path, msg(id, { ...range, count }));
  }
  const value = sign ? -BigInt(digits) : BigInt(digits);
  const shown = codeValue(/^0x/i.test(digits) ? `${token} (${value})` : token);
  if (value < 0n && !shape.signed)
    throw valueError(path, msg('core.contracts:abiValue.negative', { ...range, value: shown }));
  if (value > shape.max) throw valueError(path, msg('core.contracts:abiValue.tooLarge', { ...range, value: shown }));
  if (value < shape.min) throw valueError(path, msg('core.contracts:abiValue.tooSmall', { ...range, value: shown }));
  return value;
}

function whyNotInteger(label: string, token: string): Message {
  const q = quote(token);
  if (/^[+-]?[\d_]*\d[\d_]*(\.\d*)?e[+-]?\d+$/i.test(token)) {
    return msg('core.contracts:abiValue.exponent', { token: q });
  }
  if (/^[+-]?[\d_]*\.[\d_]*$/.test(token) && /\d/.test(token)) {
    return msg('core.contracts:abiValue.decimalPoint', { type: codeValue(label), token: q });
  }
  if (token.startsWith('+')) return msg('core.contracts:abiValue.plusSign', { token: q });
  if (/^-?[\d_]+([,\s]+[\d_]+)+$/.test(token)) return msg('core.contracts:abiValue.grouping', { token: q });
  return msg('core.contracts:abiValue.notNumber', { token: q, type: codeValue(label) });
}

function toBytes(shape: Extract<AbiTypeShape, { kind: 'fixedBytes' | 'bytes' }>, token: string, path: string): string {
  const fixed = shape.kind === 'fixedBytes' ? shape.size : undefined;
  if (!/^0[xX][0-9a-fA-F]*$/.test(token)) {
    throw valueError(
      path,
      fixed === undefined
        ? msg('core.contracts:abiValue.notHexBytes', { token: quote(token) })
        : msg('core.contracts:abiValue.notHexFixed', {
            token: quote(token),
            type: codeValue(`bytes${fixed}`),
            digits: fixed * 2,
          }),
    );
  }
  const count = token.length - 2;
  const got =
    count % 2 === 0
      ? msg('core.contracts:abiValue.gotBytes', { count: count / 2 })
      : msg('core.contracts:abiValue.gotDigits', { count });
  if (fixed !== undefined && count !== fixed * 2) {
    throw valueError(
      path,
      msg('core.contracts:abiValue.fixedSize', {
        type: codeValue(`bytes${fixed}`),
        size: fixed,
        digits: fixed * 2,
        got,
      }),
    );
  }
  if (count % 2 !== 0) throw valueError(path, msg('core.contracts:abiValue.wholeBytes', { got }));
  return `0x${token.slice(2).toLowerCase()}`;
}
