import { formatAbiItem as formatHumanReadable } from 'abitype';
import { type Abi, type AbiFunction, type AbiParameter, type Hex, toFunctionSelector } from 'viem';
import { formatAbiItem as formatCanonical } from 'viem/utils';

/** One function of a contract, as the Contracts screen lists it. */
export type ContractFunction = {
  /** The canonical signature, `safeTransferFrom(address,address,uint256,bytes)`: unique per ABI, stable. */
  id: string;
  name: string;
  /** For display: `function transfer(address to, uint256 value) returns (bool)`. */
  signature: string;
  selector: Hex;
  inputs: readonly AbiParameter[];
  outputs: readonly AbiParameter[];
  stateMutability: AbiFunction['stateMutability'];
  /** Reads (view/pure) run with eth_call; writes (nonpayable/payable) are sent as transactions. */
  kind: 'read' | 'write';
  /** Whether the call can carry ETH (a value field is shown only then). */
  payable: boolean;
  /** The ABI item, normalised (stateMutability always set), for viem's encode/decode. */
  item: AbiFunction;
};

export type ContractFunctions = { read: ContractFunction[]; write: ContractFunction[] };

type LegacyFunction = AbiFunction & { constant?: boolean; payable?: boolean };

/** Old (pre-0.4.16) ABIs say `constant`/`payable` instead of `stateMutability`. */
function mutability(item: LegacyFunction): AbiFunction['stateMutability'] {
  if (item.stateMutability) return item.stateMutability;
  if (item.constant) return 'view';
  return item.payable ? 'payable' : 'nonpayable';
}

function describe(raw: LegacyFunction): ContractFunction | undefined {
  try {
    const stateMutability = mutability(raw);
    const item: AbiFunction = { ...raw, inputs: raw.inputs ?? [], outputs: raw.outputs ?? [], stateMutability };
    const id = formatCanonical(item);
    return {
      id,
      name: item.name,
      signature: formatHumanReadable(item),
      selector: toFunctionSelector(id),
      inputs: item.inputs,
      outputs: item.outputs,
      stateMutability,
      kind: stateMutability === 'view' || stateMutability === 'pure' ? 'read' : 'write',
      payable: stateMutability === 'payable',
      item,
    };
  } catch {
    return undefined; // an item viem cannot format is left out rather than breaking the list
  }
}

/**
 * The functions of an ABI in ABI order, split into reads and writes. Overloads are separate
 * entries (their ids differ); an exact duplicate is listed once. Never throws.
 */
export function listFunctions(abi: Abi): ContractFunctions {
  const seen = new Set<string>();
  const result: ContractFunctions = { read: [], write: [] };
  for (const raw of Array.isArray(abi) ? abi : []) {
    if (raw?.type !== 'function') continue;
    const fn = describe(raw as LegacyFunction);
    if (!fn || seen.has(fn.id)) continue;
    seen.add(fn.id);
    result[fn.kind].push(fn);
  }
  return result;
}

/** The function with this id (canonical signature), if the ABI has it. */
export function findFunction(abi: Abi, id: string): ContractFunction | undefined {
  const { read, write } = listFunctions(abi);
  return [...read, ...write].find((fn) => fn.id === id);
}
