import { LOCAL_NETWORK_ID, LOCAL_OP_NETWORK_ID, type Network } from './networks';

/** The network followed when nothing else is known: Ethereum's preset. */
export const DEFAULT_FOLLOWED_NETWORK_ID = 'ethereum';

/**
 * The networks followed before the person chose any (the setting's one-time migration): the
 * network stored as the last window's choice (`selectedNetworkId`) when it still exists, with, on a
 * page served with the local chains (`npm start`, tests), both of them; else Ethereum. Never empty.
 */
export function defaultFollowed(options: {
  savedNetworkId: unknown;
  devchain: boolean;
  networks: readonly Pick<Network, 'id'>[];
}): string[] {
  const { savedNetworkId, devchain, networks } = options;
  const known = (id: unknown): id is string => typeof id === 'string' && networks.some((n) => n.id === id);
  // Beside Cairn's own local chains, both of them: the demo is of everything at once.
  const local = devchain ? [LOCAL_NETWORK_ID, LOCAL_OP_NETWORK_ID].filter(known) : [];
  if (known(savedNetworkId)) return [...new Set([...local, savedNetworkId])];
  if (local.length > 0) return local;
  if (known(DEFAULT_FOLLOWED_NETWORK_ID)) return [DEFAULT_FOLLOWED_NETWORK_ID];
  const first = networks[0];
  return first ? [first.id] : [DEFAULT_FOLLOWED_NETWORK_ID];
}

/**
 * The followed networks as the screens list them, in the order of the network list: the stored ids
 * that name a network (an id of a network since removed is left out), else, when none does (or
 * nothing was chosen yet), the `fallback` ids, else the first network. Never empty while any
 * network exists.
 */
export function resolveFollowed<N extends Pick<Network, 'id'>>(
  ids: readonly string[],
  networks: readonly N[],
  fallback: readonly string[],
): N[] {
  const chosen = networks.filter((n) => ids.includes(n.id));
  if (chosen.length > 0) return chosen;
  const fallen = networks.filter((n) => fallback.includes(n.id));
  if (fallen.length > 0) return fallen;
  return networks.slice(0, 1);
}

/** The followed ids with `id` added (once, at the end). */
export function withFollowed(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? [...ids] : [...ids, id];
}

/** The followed ids without `id`; unchanged when that would leave none (one network is always followed). */
export function withoutFollowed(ids: readonly string[], id: string): string[] {
  const rest = ids.filter((other) => other !== id);
  return rest.length > 0 ? rest : [...ids];
}

/** What a window shows: every followed network, or one network (by id) chosen in the header. */
export type NetworkView = 'all' | string;

/**
 * A window's view as it stands: the one network it names while that network exists (followed or
 * not: the person chose it), else all (a network removed since gives back the whole view).
 */
export function resolveNetworkView<N extends Pick<Network, 'id'>>(
  view: NetworkView,
  networks: readonly N[],
): 'all' | N {
  if (view === 'all') return 'all';
  return networks.find((n) => n.id === view) ?? 'all';
}
