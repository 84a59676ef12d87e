import { builtInNetworks, type Network } from './networks';

/** A person's changes to a built-in network: its RPC URLs and explorer. */
export type NetworkEdit = { rpcUrls: string[]; explorerUrl: string | undefined };

/** Everything a person has changed about networks; the rest comes from the built-ins. */
export type NetworkConfig = { edits: Record<string, NetworkEdit>; custom: Network[] };

export const EMPTY_NETWORK_CONFIG: NetworkConfig = { edits: {}, custom: [] };

/** The networks Cairn offers: built-ins (with the person's edits), then custom networks. */
export function resolveNetworks(localRpcUrl: string, config: NetworkConfig): Network[] {
  const builtIns = builtInNetworks(localRpcUrl).map((network) => {
    const edit = config.edits[network.id];
    return edit ? { ...network, rpcUrls: [...edit.rpcUrls], explorerUrl: edit.explorerUrl } : network;
  });
  return [...builtIns, ...config.custom];
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
    edits: { ...config.edits, [network.id]: { rpcUrls: network.rpcUrls, explorerUrl: network.explorerUrl } },
  };
}

/** Removes a custom network, or resets a built-in one to its defaults. */
export function withoutNetwork(config: NetworkConfig, id: string): NetworkConfig {
  const { [id]: _dropped, ...edits } = config.edits;
  return { edits, custom: config.custom.filter((n) => n.id !== id) };
}
