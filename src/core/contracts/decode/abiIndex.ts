import type { AbiError } from 'abitype';
import { type Abi, type AbiEvent, type Address, type Hex, toEventSelector, toFunctionSelector } from 'viem';
import { formatAbiItem } from 'viem/utils';
import { sameAddress } from '../../keys/sameAddress';
import { type ContractFunction, listFunctions } from '../functions';
import { AMBIGUOUS_STANDARD_ABI, STANDARD_ABIS } from './standardAbis';

/** An ABI the person saved for a contract address: it decodes that contract's calls, events and errors. */
export type SavedAbi = { address: Address; abi: Abi };

/** Which ABI decoded something: one given for the contract (saved or loaded), or a standard one. */
export type AbiSource = 'contract' | 'standard';

/**
 * Functions and errors by lower-case selector, events by lower-case topic0. Where two items share a
 * selector the first one is kept; events keep every item (ERC-20 and ERC-721 `Transfer` share a
 * topic0 and are told apart by their number of topics).
 */
export type AbiIndex = {
  functions: Map<Hex, ContractFunction>;
  events: Map<Hex, AbiEvent[]>;
  errors: Map<Hex, AbiError>;
};

function emptyIndex(): AbiIndex {
  return { functions: new Map(), events: new Map(), errors: new Map() };
}

function addAbi(index: AbiIndex, abi: Abi): void {
  const { read, write } = listFunctions(abi);
  for (const fn of [...read, ...write]) {
    const selector = fn.selector.toLowerCase() as Hex;
    if (!index.functions.has(selector)) index.functions.set(selector, fn);
  }
  for (const item of Array.isArray(abi) ? abi : []) {
    try {
      if (item?.type === 'event' && !item.anonymous && Array.isArray(item.inputs)) {
        const topic0 = toEventSelector(formatAbiItem(item)).toLowerCase() as Hex;
        index.events.set(topic0, [...(index.events.get(topic0) ?? []), item]);
      } else if (item?.type === 'error' && Array.isArray(item.inputs)) {
        const selector = toFunctionSelector(formatAbiItem(item)).toLowerCase() as Hex;
        if (!index.errors.has(selector)) index.errors.set(selector, item);
      }
    } catch {
      // A malformed item in a saved ABI is skipped, not fatal.
    }
  }
}

const cache = new WeakMap<Abi, AbiIndex>();

/** The index of one ABI (kept while the ABI object lives). Never throws. */
export function indexAbi(abi: Abi): AbiIndex {
  const cached = cache.get(abi);
  if (cached) return cached;
  const index = emptyIndex();
  addAbi(index, abi);
  cache.set(abi, index);
  return index;
}

let standard: AbiIndex | undefined;

/** The index of every standard ABI, built on first use. */
export function standardIndex(): AbiIndex {
  if (!standard) {
    const index = emptyIndex();
    for (const abi of [AMBIGUOUS_STANDARD_ABI, ...STANDARD_ABIS.map((s) => s.abi)]) addAbi(index, abi);
    standard = index;
  }
  return standard;
}

/** The indexes to decode with, in order: the contract's own ABIs, then the standard ones. */
export function indexesFor(contractAbis: readonly Abi[]): [AbiIndex, AbiSource][] {
  return [
    ...contractAbis.map((abi): [AbiIndex, AbiSource] => [indexAbi(abi), 'contract']),
    [standardIndex(), 'standard'],
  ];
}

/** The ABIs saved for `address` (compared case-insensitively), in the order given. */
export function savedAbisFor(address: Address, saved: readonly SavedAbi[]): Abi[] {
  return saved
    .filter((s) => typeof s?.address === 'string' && sameAddress(s.address, String(address)))
    .map((s) => s.abi);
}
