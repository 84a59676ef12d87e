import { type AbiFunction, decodeFunctionResult, type Hex } from 'viem';
import { formatAbiItem } from 'viem/utils';
import { toSafeDetails } from '../../errors/base';
import { InputError } from '../../errors/input';
import { codeValue, msg } from '../../i18n/message';
import { abiTypeLabel } from '../abiTypes';
import { type DecodedValue, decodedValues } from './values';

/**
 * Decodes what eth_call returned for `fn` into one entry per output (name as the ABI gives it,
 * possibly ''), each with its text from formatAbiValue. A function without outputs gives [].
 *
 * Errors: INPUT_ABI when the answer does not fit the outputs (empty answer: probably no contract
 * at that address on this network; otherwise the ABI does not match the contract).
 */
export function decodeResult(fn: AbiFunction, data: Hex): DecodedValue[] {
  const outputs = fn.outputs ?? [];
  if (outputs.length === 0) return [];
  let decoded: unknown;
  try {
    decoded = decodeFunctionResult({ abi: [fn], functionName: fn.name, data } as never);
  } catch (error) {
    const sentence =
      data === '0x'
        ? msg('core.contracts:result.empty', { fn: codeValue(fn.name), signature: codeValue(formatAbiItem(fn)) })
        : msg('core.contracts:result.mismatch', {
            fn: codeValue(fn.name),
            outputs: codeValue(outputs.map(abiTypeLabel).join(', ')),
          });
    throw new InputError('INPUT_ABI', sentence, { details: toSafeDetails(error), cause: error });
  }
  // viem returns the value itself for one output, an array for several.
  const values = outputs.length === 1 ? [decoded] : (decoded as unknown[]);
  return decodedValues(outputs, values, 'blank');
}
