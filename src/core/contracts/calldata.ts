import { type Abi, type AbiFunction, encodeFunctionData, type Hex } from 'viem';
import { toSafeDetails } from '../errors/base';
import { InputError } from '../errors/input';
import { codeValue, type Message, msg } from '../i18n/message';
import { parseAbiInputs } from './abiInput';
import { type DecodedCall, decodeCallData } from './decode/calls';
import { STANDARD_NAMES } from './decode/standardAbis';

/**
 * Pasted calldata decoded, or the statement that no ABI at hand knows its selector. `source` says
 * whether the ABI given (`contract`) or a standard one matched.
 */
export type DecodedCalldata =
  | ({ status: 'decoded' } & DecodedCall)
  | { status: 'unknown'; selector: Hex; message: Message };

function fail(sentence: Message, options?: { details?: string; cause?: unknown }): never {
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
  if (data === '') fail(msg('core.contracts:calldata.empty'));
  if (!/^0x[0-9a-fA-F]*$/.test(data)) fail(msg('core.contracts:calldata.notHex'));
  const digits = data.length - 2;
  if (digits % 2 !== 0) fail(msg('core.contracts:calldata.oddDigits', { digits }));
  if (digits < 8) fail(msg('core.contracts:calldata.short', { bytes: digits / 2 }));
  const decoding = decodeCallData(data as Hex, abi ? [abi] : []);
  if (decoding.status === 'decoded') return { status: 'decoded', ...decoding.call };
  if (decoding.status === 'mismatch') {
    fail(
      msg('core.contracts:calldata.mismatch', {
        selector: codeValue(decoding.selector),
        fn: codeValue(decoding.fn.id),
      }),
      { details: toSafeDetails(decoding.error), cause: decoding.error },
    );
  }
  return {
    status: 'unknown',
    selector: decoding.selector,
    message: msg(abi ? 'core.contracts:calldata.unknownSelectorWithAbi' : 'core.contracts:calldata.unknownSelector', {
      selector: codeValue(decoding.selector),
      standards: STANDARD_NAMES,
    }),
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
    throw new InputError('INPUT_ABI_VALUE', msg('core.contracts:calldata.cannotEncode', { fn: codeValue(fn.name) }), {
      details: toSafeDetails(error),
      cause: error,
    });
  }
}
