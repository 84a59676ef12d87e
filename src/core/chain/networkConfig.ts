import { sameAddress } from '../keys/sameAddress';
import type { FeeFamily } from './networkFacts';
import { builtInNetworks, type Network, rpcChosenByPerson, rpcFromAfterEdit } from './networks';

/** A person's changes to a built-in network: its RPC URLs, WebSocket URL and explorer. */
export type NetworkEdit = { rpcUrls: string[]; explorerUrl: string | undefined; wsUrl?: string | undefined };

/**
 * Everything a person has changed about networks; the rest comes from the built-ins.
 * `allAccountReads`: the ids of networks whose RPC they did not choose on which they still allow
 * requests that name all their accounts (absent in what was stored before it existed).
 */
export type NetworkConfig = { edits: Record<string, NetworkEdit>; custom: Network[]; allAccountReads?: string[] };

export const EMPTY_NETWORK_CONFIG: NetworkConfig = { edits: {}, custom: [], allAccountReads: [] };

/**
 * The networks Cairn offers: built-ins (with the person's edits), then custom networks. A built-in
 * whose RPC URLs the person changed reads through their choice; a custom network saved without a
 * record of who chose its RPC counts as not the person's choice.
 */
export function resolveNetworks(
  localRpcUrl: string | readonly string[],
  config: NetworkConfig,
  localOpRpcUrls: readonly string[] = [],
): Network[] {
  const builtIns = builtInNetworks(localRpcUrl, localOpRpcUrls).map((network): Network => {
    const edit = config.edits[network.id];
    if (!edit) return network;
    const rpcFrom = rpcFromAfterEdit(network, edit.rpcUrls);
    const wsUrl = edit.wsUrl ? { wsUrl: edit.wsUrl } : {};
    return { ...network, rpcUrls: [...edit.rpcUrls], rpcFrom, explorerUrl: edit.explorerUrl, ...wsUrl };
  });
  const custom = config.custom.map((network): Network => ({ ...network, rpcFrom: network.rpcFrom ?? 'unrecorded' }));
  return [...builtIns, ...custom];
}

/** Records a saved network: an edit for a built-in one, a new or replaced entry for a custom one. */
export function withSavedNetwork(config: NetworkConfig, network: Network): NetworkConfig {
  if (network.kind === 'custom') {
    const exists = config.custom.some((n) => n.id === network.id);
    return {
      ...config,
      custom: exists ? config.custom.map((n) => (n.id === network.id ? network : n)) : [...config.custom, network],
    };
  }
  return {
    ...config,
    edits: {
      ...config.edits,
      [network.id]: {
        rpcUrls: network.rpcUrls,
        explorerUrl: network.explorerUrl,
        ...(network.wsUrl ? { wsUrl: network.wsUrl } : {}),
      },
    },
  };
}

/** Removes a custom network, or resets a built-in one to its defaults (its RPC and the reads allowed through it). */
export function withoutNetwork(config: NetworkConfig, id: string): NetworkConfig {
  const { [id]: _dropped, ...edits } = config.edits;
  return {
    edits,
    custom: config.custom.filter((n) => n.id !== id),
    allAccountReads: (config.allAccountReads ?? []).filter((n) => n !== id),
  };
}

/**
 * Keeps the fee family read from a custom network's chain (feeFamilyOf) on its record, when the
 * record still does not know it and still reads through the same chain id: a family read for a
 * record changed meanwhile is not written over it. Anything else leaves the config as it was.
 */
export function withFeeFamily(config: NetworkConfig, id: string, chainId: number, family: FeeFamily): NetworkConfig {
  if (family.kind === 'unknown') return config;
  const stale = (n: Network) => n.id === id && n.chainId === chainId && n.feeFamily.kind === 'unknown';
  if (!config.custom.some(stale)) return config;
  return { ...config, custom: config.custom.map((n) => (stale(n) ? { ...n, feeFamily: family } : n)) };
}

/** Allows (or stops) requests naming all accounts through a network whose RPC the person did not choose. */
export function withAllAccountReads(config: NetworkConfig, id: string, allowed: boolean): NetworkConfig {
  const rest = (config.allAccountReads ?? []).filter((n) => n !== id);
  return { ...config, allAccountReads: allowed ? [...rest, id] : rest };
}

/**
 * Whether one request through this network may name all the person's accounts: always on a node
 * they chose (rpcChosenByPerson); on any other only when they allowed it for this network.
 */
export function readsAllAccounts(network: Network, config: NetworkConfig): boolean {
  return rpcChosenByPerson(network) || (config.allAccountReads ?? []).includes(network.id);
}

/**
 * The accounts Cairn reads on `network` (balances, history, approvals): every one of `visible`
 * where it may name them all together (readsAllAccounts), else only the selected one if it is
 * visible. Reads started together leave as one HTTP request (Multicall3, JSON-RPC batching), so
 * naming them all would hand the node's operator the list of the person's addresses.
 */
export function accountsToRead<A extends { address: string }>(
  network: Network,
  config: NetworkConfig,
  visible: readonly A[],
  selected: string | undefined,
): A[] {
  if (readsAllAccounts(network, config)) return [...visible];
  return visible.filter((account) => sameAddress(account.address, selected));
}
