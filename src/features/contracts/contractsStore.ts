import type { Abi, Address } from 'viem';
import { createStore } from 'zustand/vanilla';
import type { KnownAbiId } from '@/core/contracts/decode/standardAbis';
import type { Message } from '@/core/i18n/message';

/** Where the ABI of the contract being opened comes from. */
export type AbiSource = 'known' | 'saved' | 'paste' | 'explorer';

/** The contract whose functions are shown: loaded on one network, with the ABI the person chose. */
export type LoadedContract = {
  networkId: string;
  address: Address;
  abi: Abi;
  /** How the ABI was found, shown beside the address: “with the pasted ABI”… */
  sourceLabel: Message;
  /** Different at each load, so a reloaded contract starts afresh. */
  serial: number;
};

/**
 * The Contracts screen as typed: kept outside the component so a lock (and unlock) or a visit to
 * Send loses nothing. Values are texts exactly as typed; nothing here is secret.
 */
export type ContractsState = {
  address: string;
  source: AbiSource;
  standard: KnownAbiId;
  pasted: string;
  loaded: LoadedContract | undefined;
  /** Open functions, by `${kind}:${id}`. */
  open: string[];
  /** Argument texts per function (`${kind}:${id}`), one per input. */
  inputs: Record<string, string[]>;
  /** Native value texts of payable functions, by `${kind}:${id}`. */
  values: Record<string, string>;
  calldata: string;
};

export const contractsStore = createStore<ContractsState>()(() => ({
  address: '',
  source: 'known',
  standard: 'erc20',
  pasted: '',
  loaded: undefined,
  open: [],
  inputs: {},
  values: {},
  calldata: '',
}));

export function updateContracts(patch: Partial<ContractsState>): void {
  contractsStore.setState(patch);
}

let serial = 0;

/** Shows a newly loaded contract with all its functions closed and no arguments typed. */
export function showContract(loaded: Omit<LoadedContract, 'serial'>): void {
  serial += 1;
  contractsStore.setState({ loaded: { ...loaded, serial }, open: [], inputs: {}, values: {} });
}

export function setInput(key: string, index: number, count: number, text: string): void {
  contractsStore.setState((s) => {
    const current = s.inputs[key] ?? Array.from({ length: count }, () => '');
    const next = [...current];
    next[index] = text;
    return { inputs: { ...s.inputs, [key]: next } };
  });
}

export function setValue(key: string, text: string): void {
  contractsStore.setState((s) => ({ values: { ...s.values, [key]: text } }));
}

export function setOpen(key: string, open: boolean): void {
  contractsStore.setState((s) => {
    const others = s.open.filter((k) => k !== key);
    return { open: open ? [...others, key] : others };
  });
}
