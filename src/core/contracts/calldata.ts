import { type Abi, type AbiFunction, encodeFunctionData, type Hex } from 'viem';
import { toSafeDetails } from '../errors/base';
import { InputError } from '../errors/input';
import { parseAbiInputs } from './abiInput';
import { type DecodedCall, decodeCallData } from './decode/calls';
import { STANDARD_NAMES } from './decode/standardAbis';

/**
 * Pasted calldata decoded, or the statement that no ABI at hand knows its selector. `source` says
 * whether the ABI given (`contract`) or a standard one matched.
 */
export type DecodedCalldata =
  | ({ status: 'decoded' } & DecodedCall)
  | { status: 'unknown'; selector: Hex; message: string };

function fail(sentence: string, options?: { details?: string; cause?: unknown }): never {
  throw new InputError('INPUT_CALLDATA', sentence, options);
}

/**
 * Decodes pasted calldata (spaces and line breaks ignored) with `abi` when given, then with the
 * standard ABIs. An unknown selector is a result, not an error.
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
  const decoding = decodeCallData(data as Hex, abi ? [abi] : []);
  if (decoding.status === 'decoded') return { status: 'decoded', ...decoding.call };
  if (decoding.status === 'mismatch') {
    fail(
      `The selector ${decoding.selector} is ${decoding.fn.id}, but the arguments after it do not decode as that function’s.`,
      { details: toSafeDetails(decoding.error), cause: decoding.error },
    );
  }
  return {
    status: 'unknown',
    selector: decoding.selector,
    message: `Unknown selector ${decoding.selector}: ${abi ? 'neither this ABI nor' : 'none of'} the standard ABIs (${STANDARD_NAMES}) ${abi ? 'has' : 'have'} a function with it.`,
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
