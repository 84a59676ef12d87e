import type { AbiError } from 'abitype';
import { formatAbiItem as formatHumanReadable } from 'abitype';
import type { AbiEvent } from 'viem';
import { formatAbiItem as formatCanonical } from 'viem/utils';
import type { AbiSource } from './abiIndex';
import { type DecodedValue, decodedValues, inlineText } from './values';

/** A function, event or error of an ABI with the values it was decoded to. */
export type DecodedItem = {
  /** The canonical signature, `Transfer(address,address,uint256)`. */
  id: string;
  name: string;
  /** Human-readable: `event Transfer(address indexed from, address indexed to, uint256 value)`. */
  signature: string;
  /** Unnamed parameters are called arg0, arg1, … */
  args: DecodedValue[];
  source: AbiSource;
};

/** An event or error item with its decoded values, in the order of its inputs. */
export function decodedItem(item: AbiEvent | AbiError, values: readonly unknown[], source: AbiSource): DecodedItem {
  return {
    id: formatCanonical(item),
    name: item.name,
    signature: formatHumanReadable(item),
    args: decodedValues(item.inputs, values),
    source,
  };
}

/** A decoded call, event or error on one line: `transfer(to: 0x…, value: 5)`, strings quoted. */
export function decodedLine(item: DecodedItem): string {
  return `${item.name}(${item.args.map((a) => `${a.name}: ${inlineText(a)}`).join(', ')})`;
}
