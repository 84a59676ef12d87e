import {
  type Abi,
  type AbiEvent,
  type AbiFunction,
  type AbiParameter,
  type Address,
  bytesToHex,
  decodeEventLog,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  parseAbi,
  toEventSelector,
  toFunctionSelector,
} from 'viem';
import { formatAbiItem, formatAbiParams } from 'viem/utils';

/**
 * Decoding of a transaction's input and its logs for the transaction page. Pure and total: every
 * function here returns a value for any input (hostile calldata, malformed logs, odd saved ABIs)
 * and throws nothing. The ABI work itself is viem's; this module only chooses which ABI item to use.
 */

export type DecodedValue = { name: string; type: string; value: unknown };
export type DecodedCall = {
  name: string;
  signature: string;
  args: DecodedValue[];
  source: 'standard' | 'saved';
  /** Set when the data is not exactly the standard encoding of what is shown (see calldataIrregularity). */
  irregular?: string;
};

/**
 * Why calldata is not exactly the standard encoding of its decoded arguments, or undefined when it
 * is. Decoders read past extra bytes and ignore dirty padding, but a contract may not: such data
 * could do something other than what the decoded call says.
 */
export function calldataIrregularity(item: AbiFunction, data: Hex, args: readonly unknown[]): string | undefined {
  let standard: Hex;
  try {
    standard = encodeFunctionData({ abi: [item], functionName: item.name, args } as never);
  } catch {
    return 'Cairn could not re-encode these arguments to check them: the contract may read this data differently.';
  }
  const given = data.toLowerCase();
  if (given === standard) return undefined;
  if (given.startsWith(standard)) {
    return `The data has ${(given.length - standard.length) / 2} extra bytes after the arguments shown: the contract may read them.`;
  }
  return 'The arguments are not in the standard encoding (for example an address with bytes set in its padding): the contract may read them differently from what is shown.';
}
export type DecodedLog =
  | {
      address: Address;
      logIndex: number;
      name: string;
      signature: string;
      args: DecodedValue[];
      source: 'standard' | 'saved';
    }
  | { address: Address; logIndex: number; name: undefined; topics: Hex[]; data: Hex };
/** ABIs the user saved for a contract address. */
export type SavedAbi = { address: Address; abi: Abi };

/**
 * The well-known interfaces. Where two standards share a selector the item appears once:
 * - `transferFrom(address,address,uint256)` and `approve(address,uint256)` are both ERC-20 and
 *   ERC-721, so the last argument is called `amount`: a value (ERC-20) or a token id (ERC-721).
 *   Calldata alone cannot tell them apart; the logs of the same transaction can.
 * - `setApprovalForAll` / `ApprovalForAll` are identical in ERC-721 and ERC-1155.
 * - `Transfer` and `Approval` do differ between ERC-20 and ERC-721 (the last argument is indexed in
 *   ERC-721), so both are listed; they share topic0 and are told apart by the number of topics.
 */
export const STANDARD_ABIS: Abi = parseAbi([
  // ERC-20
  'function transfer(address to, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  // ERC-721
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  // ERC-1155
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  'event URI(string value, uint256 indexed id)',
  // WETH
  'function deposit() payable',
  'function withdraw(uint256 wad)',
  'event Deposit(address indexed dst, uint256 wad)',
  'event Withdrawal(address indexed src, uint256 wad)',
  // Multicall3
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
]);

/** Functions by lower-case selector, events by lower-case topic0 (several per topic0). */
type AbiIndex = { functions: Map<string, AbiFunction>; events: Map<string, AbiEvent[]> };

const indexCache = new WeakMap<Abi, AbiIndex>();

function indexAbi(abi: Abi): AbiIndex {
  const cached = indexCache.get(abi);
  if (cached) return cached;
  const index: AbiIndex = { functions: new Map(), events: new Map() };
  for (const item of Array.isArray(abi) ? abi : []) {
    try {
      if (item.type === 'function') {
        const selector = toFunctionSelector(formatAbiItem(item)).toLowerCase();
        if (!index.functions.has(selector)) index.functions.set(selector, item);
      } else if (item.type === 'event' && !item.anonymous) {
        const topic0 = toEventSelector(formatAbiItem(item)).toLowerCase();
        index.events.set(topic0, [...(index.events.get(topic0) ?? []), item]);
      }
    } catch {
      // A malformed item in a saved ABI is skipped, not fatal.
    }
  }
  indexCache.set(abi, index);
  return index;
}

type Source = 'standard' | 'saved';

/** ABIs saved for `address` (case-insensitive, in the order given), then the standard ones. */
function sourcesFor(address: Address, saved: readonly SavedAbi[]): [AbiIndex, Source][] {
  const wanted = String(address).toLowerCase();
  const own = saved.filter((s) => typeof s?.address === 'string' && s.address.toLowerCase() === wanted);
  return [...own.map((s): [AbiIndex, Source] => [indexAbi(s.abi), 'saved']), [indexAbi(STANDARD_ABIS), 'standard']];
}

function paramType(param: AbiParameter): string {
  return formatAbiParams([param]);
}

function toDecodedValues(params: readonly AbiParameter[], values: readonly unknown[]): DecodedValue[] {
  return params.map((param, i) => ({ name: param.name || `arg${i}`, type: paramType(param), value: values[i] }));
}

/**
 * Decodes calldata against the ABIs saved for `to`, then the standard ones. Returns undefined for
 * plain transfers (`0x`), contract creations (`to` undefined: the input is init code, not a call),
 * unknown selectors and calldata that does not decode against the matching item.
 */
export function decodeCall(input: Hex, to: Address | undefined, saved: readonly SavedAbi[]): DecodedCall | undefined {
  if (to === undefined || typeof input !== 'string' || input.length < 10) return undefined;
  const data = input.toLowerCase() as Hex;
  const selector = data.slice(0, 10);
  for (const [index, source] of sourcesFor(to, saved)) {
    const item = index.functions.get(selector);
    if (!item) continue;
    try {
      const { args } = decodeFunctionData({ abi: [item], data });
      const values: readonly unknown[] = Array.isArray(args) ? args : [];
      const irregular = calldataIrregularity(item, data, values);
      return {
        name: item.name,
        signature: formatAbiItem(item),
        args: toDecodedValues(item.inputs, values),
        source,
        ...(irregular ? { irregular } : {}),
      };
    } catch {
      // Does not decode against this item (short or malformed calldata): try the next source.
    }
  }
  return undefined;
}

type RawLog = { address: Address; topics: readonly Hex[]; data: Hex; logIndex: number };

function decodeOne(log: RawLog, saved: readonly SavedAbi[]): DecodedLog {
  const topics = log.topics.map((t) => t.toLowerCase() as Hex);
  const [topic0] = topics;
  if (topic0 === undefined) return rawLog(log); // anonymous events carry no selector to look up
  for (const [index, source] of sourcesFor(log.address, saved)) {
    for (const item of index.events.get(topic0) ?? []) {
      // The topic count picks between same-signature events (ERC-20 vs ERC-721 Transfer/Approval).
      if (item.inputs.filter((p) => p.indexed).length !== topics.length - 1) continue;
      try {
        const { args } = decodeEventLog({
          abi: [item],
          topics: topics as [Hex, ...Hex[]],
          data: log.data.toLowerCase() as Hex,
          strict: true,
        });
        const unnamed = item.inputs.some((p) => !p.name);
        const bag = (args ?? {}) as Record<string | number, unknown>;
        const values = item.inputs.map((p, i) => (unnamed ? bag[i] : bag[p.name as string]));
        return {
          address: log.address,
          logIndex: log.logIndex,
          name: item.name,
          signature: formatAbiItem(item),
          args: toDecodedValues(item.inputs, values),
          source,
        };
      } catch {
        // Data or topics do not fit this item: try the next candidate.
      }
    }
  }
  return rawLog(log);
}

function rawLog(log: RawLog): DecodedLog {
  return {
    address: log.address,
    logIndex: log.logIndex,
    name: undefined,
    topics: Array.isArray(log.topics) ? [...log.topics] : [],
    data: log.data,
  };
}

/** Decodes each log with the ABIs saved for its emitter, then the standard ones; others stay raw. */
export function decodeLogs(logs: readonly RawLog[], saved: readonly SavedAbi[]): DecodedLog[] {
  return logs.map((log) => {
    try {
      return decodeOne(log, saved);
    } catch {
      return rawLog(log);
    }
  });
}

const HEX = /^0x[0-9a-fA-F]*$/;

function format(value: unknown, seen: Set<object>): string {
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Addresses, bytes and hashes come from viem as 0x-strings; anything else is a Solidity string.
  if (typeof value === 'string') return HEX.test(value) ? value : JSON.stringify(value);
  if (value === null || value === undefined) return String(value);
  if (value instanceof Uint8Array) return bytesToHex(value);
  if (typeof value === 'symbol') return value.toString();
  if (typeof value !== 'object') return `[${typeof value}]`;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return `[${value.map((v) => format(v, seen)).join(', ')}]`;
    // Tuples with named components are decoded by viem as plain objects.
    const entries = Object.entries(value).map(([k, v]) => `${k}: ${format(v, seen)}`);
    return `{${entries.join(', ')}}`;
  } finally {
    seen.delete(value);
  }
}

/**
 * Text for a decoded value: bigints in decimal, arrays and unnamed tuples as `[a, b]`, named tuples
 * as `{name: a}`, bytes/addresses as hex, strings JSON-quoted. Never throws.
 */
export function formatDecodedValue(value: unknown): string {
  try {
    return format(value, new Set());
  } catch {
    return '[unprintable]';
  }
}
