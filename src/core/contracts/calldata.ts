import { type Abi, type AbiFunction, decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { calldataIrregularity, STANDARD_ABIS } from '../activity/txDecode';
import { toSafeDetails } from '../errors/base';
import { InputError } from '../errors/input';
import { type AbiValueText, formatAbiValue } from './abiFormat';
import { parseAbiInputs } from './abiInput';
import { abiTypeLabel } from './abiTypes';
import { type ContractFunction, listFunctions } from './functions';
import { knownAbis } from './knownAbis';

/**
 * A decoded call, or the statement that no ABI at hand knows its selector. `source` says whether
 * the ABI given or a bundled standard one (ERC-20/721/1155, WETH, Multicall3) matched.
 */
export type DecodedCalldata =
  | {
      status: 'decoded';
      selector: Hex;
      /** The function's id (canonical signature), as in functions.ts. */
      id: string;
      name: string;
      /** Human-readable: `function transfer(address to, uint256 value) returns (bool)`. */
      signature: string;
      /** Unnamed parameters are called arg0, arg1, … */
      args: AbiValueText[];
      source: 'abi' | 'known';
      /** Set when the data is not exactly the standard encoding of the arguments shown. */
      irregular?: string;
    }
  | { status: 'unknown'; selector: Hex; message: string };

const byAbi = new WeakMap<Abi, Map<string, ContractFunction>>();

function selectorIndex(abi: Abi): Map<string, ContractFunction> {
  const cached = byAbi.get(abi);
  if (cached) return cached;
  const index = new Map<string, ContractFunction>();
  const { read, write } = listFunctions(abi);
  for (const fn of [...read, ...write]) if (!index.has(fn.selector)) index.set(fn.selector, fn);
  byAbi.set(abi, index);
  return index;
}

const KNOWN: readonly Abi[] = [...knownAbis.map((k) => k.abi), STANDARD_ABIS];

function fail(sentence: string, options?: { details?: string; cause?: unknown }): never {
  throw new InputError('INPUT_CALLDATA', sentence, options);
}

/**
 * Decodes pasted calldata (spaces and line breaks ignored) with `abi` when given, then with the
 * bundled standard ABIs. An unknown selector is a result, not an error.
 *
 * Errors: INPUT_CALLDATA when the text is not hex, not whole bytes, shorter than a 4-byte
 * selector, or when a function matches the selector but the rest does not decode against it.
 */
export function decodeCalldata(text: string, abi?: Abi): DecodedCalldata {
  const data = text.replace(/\s+/g, '');
  if (data === '') fail('Paste the calldata: 0x followed by hex digits.');
  if (!/^0x[0-9a-fA-F]*$/.test(data)) fail('Calldata is hex: 0x followed by hex digits (0–9, a–f).');
  const digits = data.length - 2;
  if (digits % 2 !== 0) fail(`Calldata is whole bytes (an even number of hex digits); this has ${digits}.`);
  if (digits < 8) {
    fail(
      `Calldata starts with a 4-byte function selector (8 hex digits after 0x); this has only ${digits / 2} byte${digits === 2 ? '' : 's'}.`,
    );
  }
  const lower = data.toLowerCase() as Hex;
  const selector = lower.slice(0, 10) as Hex;
  const sources: [Abi, 'abi' | 'known'][] = [
    ...(abi ? [[abi, 'abi'] as [Abi, 'abi']] : []),
    ...KNOWN.map((k): [Abi, 'known'] => [k, 'known']),
  ];
  let firstMatch: { fn: ContractFunction; error: unknown } | undefined;
  for (const [candidateAbi, source] of sources) {
    const fn = selectorIndex(candidateAbi).get(selector);
    if (!fn) continue;
    try {
      const { args } = decodeFunctionData({ abi: [fn.item], data: lower });
      const values: readonly unknown[] = Array.isArray(args) ? args : [];
      const irregular = calldataIrregularity(fn.item, lower, values);
      return {
        ...(irregular ? { irregular } : {}),
        status: 'decoded',
        selector,
        id: fn.id,
        name: fn.name,
        signature: fn.signature,
        args: fn.inputs.map((param, i) => ({
          name: param.name || `arg${i}`,
          type: abiTypeLabel(param),
          value: values[i],
          text: formatAbiValue(param, values[i]),
        })),
        source,
      };
    } catch (error) {
      firstMatch ??= { fn, error };
    }
  }
  if (firstMatch) {
    fail(
      `The selector ${selector} is ${firstMatch.fn.id}, but the arguments after it do not decode as that function’s.`,
      {
        details: toSafeDetails(firstMatch.error),
        cause: firstMatch.error,
      },
    );
  }
  return {
    status: 'unknown',
    selector,
    message: `Unknown selector ${selector}: ${abi ? 'neither this ABI nor' : 'none of'} the standard ABIs (ERC-20, ERC-721, ERC-1155, WETH, Multicall3) ${abi ? 'has' : 'have'} a function with it.`,
  };
}

/**
 * Calldata for calling `fn` with the values a person typed (one text per input, read by
 * parseAbiInputs).
 *
 * Errors: those of parseAbiInputs (INPUT_REQUIRED, INPUT_ABI_VALUE, INPUT_ABI).
 */
export function encodeCalldata(fn: AbiFunction, texts: readonly string[]): Hex {
  const args = parseAbiInputs(fn.inputs, texts);
  try {
    return encodeFunctionData({ abi: [fn], functionName: fn.name, args } as never);
  } catch (error) {
    throw new InputError('INPUT_ABI_VALUE', `These values cannot be encoded for ${fn.name}.`, {
      details: toSafeDetails(error),
      cause: error,
    });
  }
}
