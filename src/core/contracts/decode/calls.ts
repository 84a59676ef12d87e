import { type Abi, type AbiFunction, type Address, decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { type Message, msg } from '../../i18n/message';
import type { ContractFunction } from '../functions';
import { indexesFor, type SavedAbi, savedAbisFor } from './abiIndex';
import type { DecodedItem } from './decodedItem';
import { decodedValues } from './values';

/**
 * A call decoded against an ABI the contract was given, or a standard one: `id` is the function's
 * canonical signature (its id in functions.ts), `signature` the human-readable one.
 */
export type DecodedCall = DecodedItem & {
  selector: Hex;
  /** Set when the data is not exactly the standard encoding of what is shown (see calldataIrregularity). */
  irregular?: Message;
};

/**
 * What the ABIs at hand make of calldata: the call; or the function whose selector it starts with
 * but whose arguments do not decode (from every ABI that has the selector, the first); or nothing.
 */
export type CallDecoding =
  | { status: 'decoded'; call: DecodedCall }
  | { status: 'mismatch'; selector: Hex; fn: ContractFunction; error: unknown }
  | { status: 'unknown'; selector: Hex };

/**
 * Why calldata is not exactly the standard encoding of its decoded arguments, or undefined when it
 * is. Decoders read past extra bytes and ignore dirty padding, but a contract may not: such data
 * could do something other than what the decoded call says.
 */
export function calldataIrregularity(item: AbiFunction, data: Hex, args: readonly unknown[]): Message | undefined {
  let standard: Hex;
  try {
    standard = encodeFunctionData({ abi: [item], functionName: item.name, args } as never);
  } catch {
    return msg('core.contracts:call.notReencoded');
  }
  const given = data.toLowerCase();
  if (given === standard) return undefined;
  if (given.startsWith(standard)) {
    return msg('core.contracts:call.extraBytes', { count: (given.length - standard.length) / 2 });
  }
  return msg('core.contracts:call.nonStandard');
}

/**
 * Decodes calldata (0x, a 4-byte selector, arguments; at least 10 characters) with the contract's
 * own ABIs first, then the standard ones. Never throws.
 */
export function decodeCallData(data: Hex, contractAbis: readonly Abi[] = []): CallDecoding {
  const lower = data.toLowerCase() as Hex;
  const selector = lower.slice(0, 10) as Hex;
  let mismatch: { fn: ContractFunction; error: unknown } | undefined;
  for (const [index, source] of indexesFor(contractAbis)) {
    const fn = index.functions.get(selector);
    if (!fn) continue;
    try {
      const { args } = decodeFunctionData({ abi: [fn.item], data: lower });
      const values: readonly unknown[] = Array.isArray(args) ? args : [];
      const irregular = calldataIrregularity(fn.item, lower, values);
      const call: DecodedCall = {
        selector,
        id: fn.id,
        name: fn.name,
        signature: fn.signature,
        args: decodedValues(fn.inputs, values),
        source,
        ...(irregular ? { irregular } : {}),
      };
      return { status: 'decoded', call };
    } catch (error) {
      mismatch ??= { fn, error }; // short or malformed arguments for this item: try the next ABI
    }
  }
  return mismatch ? { status: 'mismatch', selector, ...mismatch } : { status: 'unknown', selector };
}

/**
 * The call a transaction to `to` makes with `input`, decoded with the ABIs saved for `to`, then the
 * standard ones. Undefined for plain transfers (`0x`), contract creations (`to` undefined: the
 * input is init code, not a call), unknown selectors and calldata that does not decode against the
 * matching function. Never throws.
 */
export function decodeCall(input: Hex, to: Address | undefined, saved: readonly SavedAbi[]): DecodedCall | undefined {
  if (to === undefined || typeof input !== 'string' || input.length < 10) return undefined;
  const decoding = decodeCallData(input, savedAbisFor(to, saved));
  return decoding.status === 'decoded' ? decoding.call : undefined;
}
