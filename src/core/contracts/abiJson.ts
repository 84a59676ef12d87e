import { formatAbiItem } from 'abitype';
import { type Abi, parseAbiItem } from 'viem';
import { InputError } from '../errors/input';
import { codeValue, type Message, msg, untrustedValue } from '../i18n/message';
import { abiItemShapeProblem } from './abiItemShape';

/** The longest ABI text Cairn accepts (a large contract's ABI is well under this). */
export const MAX_ABI_CHARACTERS = 512 * 1024;

/**
 * Reads a JSON ABI as pasted from a compiler or an explorer (an array, or an object with an
 * `abi` array), checking every item is one viem can use. Errors name the item at fault.
 *
 * Errors: INPUT_ABI.
 */
export function parseAbiJson(text: string): Abi {
  const fail = (sentence: Message): never => {
    throw new InputError('INPUT_ABI', sentence);
  };
  const trimmed = text.trim();
  if (!trimmed) fail(msg('core.contracts:abiJson.empty'));
  if (trimmed.length > MAX_ABI_CHARACTERS) fail(msg('core.contracts:abi.tooLong', { characters: trimmed.length }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch (error) {
    // The parser's own words (the browser's, in its language), as technical text.
    fail(msg('core.contracts:abiJson.notJson', { problem: codeValue((error as Error).message) }));
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { abi?: unknown } | null)?.abi;
  if (!Array.isArray(list)) fail(msg('core.contracts:abiJson.notArray'));
  const items = list as unknown[];
  if (items.length === 0) fail(msg('core.contracts:abiJson.emptyList'));
  items.forEach((item, i) => {
    const index = i + 1;
    const problem = abiItemShapeProblem(item, index);
    if (problem) fail(problem);
    const entry = item as { type?: unknown; name?: unknown };
    const kind = entry.type ?? 'function';
    try {
      // Round-tripping through the human-readable form checks every Solidity type.
      parseAbiItem(formatAbiItem(normalised({ ...(item as object), type: kind }) as never));
    } catch (error) {
      // abitype's words (English), as technical text. The name is the pasted or fetched text:
      // hidden characters in it are shown as codes.
      const problem = codeValue((error as Error).message.split('\n')[0] ?? '');
      fail(
        typeof entry.name === 'string'
          ? msg('core.contracts:abiJson.invalidNamed', { index, name: untrustedValue(entry.name, 'name'), problem })
          : msg('core.contracts:abiJson.invalid', { index, problem }),
      );
    }
  });
  return items.map((item) => normalised({ type: 'function', ...(item as object) })) as unknown as Abi;
}

type Param = { type?: unknown; components?: unknown };

/**
 * Solidity's aliases written out (`uint` → `uint256`, `int` → `int256`, `byte` → `bytes1`, also
 * inside arrays and tuples): selectors are computed from the canonical names, so an alias left
 * in place would call a different function than the one shown.
 */
function canonicalParam(param: Param): Param {
  const type =
    typeof param.type === 'string'
      ? param.type.replace(/^(u?int)(?=$|\[)/, '$1256').replace(/^byte(?=$|\[)/, 'bytes1')
      : param.type;
  const components = Array.isArray(param.components) ? param.components.map(canonicalParam) : param.components;
  return { ...param, type, ...(components === undefined ? {} : { components }) };
}

function normalised(item: { type: unknown; inputs?: unknown; outputs?: unknown }): object {
  const list = (value: unknown) => (Array.isArray(value) ? value.map(canonicalParam) : value);
  return {
    ...item,
    ...(item.inputs === undefined ? {} : { inputs: list(item.inputs) }),
    ...(item.outputs === undefined ? {} : { outputs: list(item.outputs) }),
  };
}
