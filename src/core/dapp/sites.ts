import type { Network } from '../chain/networks';
import { sameAddress } from '../keys/sameAddress';
import { type HexChainId, isSerialisedOrigin, permissions, type SiteGrant, toHexChainId } from './protocol';

/**
 * What one site (an origin: scheme, host and port) may do with Cairn. Each site keeps its own
 * network, apart from the one selected in Cairn's window.
 */
export type SitePermission = {
  origin: string;
  /** Granted accounts' addresses; the first is the one the site uses. */
  accounts: string[];
  /** The Cairn network the site uses now. */
  networkId: string;
  /** Networks the person let the site use; it may switch among them without asking. */
  networkIds: string[];
  /** Reads may also go through the person's own node (their edited RPC URLs), not only public ones. */
  ownNodeReads: boolean;
  /**
   * RPC URLs the site itself gave, by id of the network it added (wallet_addEthereumChain): they
   * came from the site, so it reads that network through them. Kept apart from the network's own
   * URLs on purpose: should the person point the network at their own node, the site still reads
   * through its URLs, not the person's (unless ownNodeReads).
   */
  siteRpcUrls?: Record<string, string[]>;
  /** What the site said its name is, unverified. */
  name: string;
  grantedAt: number;
  lastUsed: number;
};

/** Every site's permission, by origin. */
export type SitePermissions = Record<string, SitePermission>;

/** The permission of `origin`, looked up without trusting the object's prototype. */
export function siteFor(sites: SitePermissions, origin: string): SitePermission | undefined {
  return Object.hasOwn(sites, origin) ? sites[origin] : undefined;
}

export function isGrantedAccount(site: SitePermission | undefined, address: string): boolean {
  return site?.accounts.some((a) => sameAddress(a, address)) === true;
}

/** The site's record after the person approved a connection (accounts and network chosen by them). */
export function grantSite(
  existing: SitePermission | undefined,
  grant: { origin: string; accounts: string[]; networkId: string; ownNodeReads: boolean; name: string; now: number },
): SitePermission {
  return {
    origin: grant.origin,
    accounts: [...grant.accounts],
    networkId: grant.networkId,
    networkIds: [...new Set([grant.networkId, ...(existing?.networkIds ?? [])])],
    ownNodeReads: grant.ownNodeReads,
    name: grant.name,
    grantedAt: existing?.grantedAt ?? grant.now,
    lastUsed: grant.now,
  };
}

/** The site now uses `networkId`, and may switch back to it without asking. */
export function withSiteNetwork(site: SitePermission, networkId: string): SitePermission {
  return { ...site, networkId, networkIds: [...new Set([...site.networkIds, networkId])] };
}

/** The site uses a network it added itself, and reads it through the RPC URLs it gave. */
export function withAddedNetwork(site: SitePermission, networkId: string, rpcUrls: readonly string[]): SitePermission {
  return { ...withSiteNetwork(site, networkId), siteRpcUrls: { ...site.siteRpcUrls, [networkId]: [...rpcUrls] } };
}

/**
 * The URLs a site may read a network through: the network's public default URLs (the built-in
 * preset's), and the person's own only where they allowed it. A custom network has no public
 * default: its URLs are the person's own.
 */
export function readUrlsFor(network: Network, builtIns: readonly Network[], ownNodeReads: boolean): string[] {
  const preset = builtIns.find((n) => n.id === network.id);
  const urls = [...(preset?.rpcUrls ?? []), ...(ownNodeReads ? network.rpcUrls : [])];
  return [...new Set(urls)];
}

/**
 * What the connector keeps to answer the site without a window. A site whose network is gone
 * (removed by the person) falls back to the first of its networks that still exists.
 */
export function grantFor(
  site: SitePermission | undefined,
  networks: readonly Network[],
  builtIns: readonly Network[],
  fallbackChainId: HexChainId,
): SiteGrant {
  if (!site) return { accounts: [], chainId: fallbackChainId, chains: {} };
  const usable = site.networkIds.flatMap((id) => networks.filter((n) => n.id === id));
  const current = usable.find((n) => n.id === site.networkId) ?? usable[0];
  const chains: Record<HexChainId, string[]> = {};
  for (const network of usable) {
    const given =
      (site.siteRpcUrls && Object.hasOwn(site.siteRpcUrls, network.id) && site.siteRpcUrls[network.id]) || [];
    chains[toHexChainId(network.chainId)] ??= [
      ...new Set([...readUrlsFor(network, builtIns, site.ownNodeReads), ...given]),
    ];
  }
  return {
    accounts: [...site.accounts],
    chainId: current ? toHexChainId(current.chainId) : fallbackChainId,
    chains,
  };
}

/** The network a site uses, when it still exists. */
export function siteNetwork(site: SitePermission, networks: readonly Network[]): Network | undefined {
  return networks.find((n) => n.id === site.networkId) ?? networks.find((n) => site.networkIds.includes(n.id));
}

/**
 * The network a waiting request is shown, prepared and answered on (`pinned`: the chain it came
 * for, see connection.ts). A connected site's network, and only while it is on that chain. A site
 * not connected has no network of its own: the person's network on the chain it named (the one
 * selected in Cairn when it is on that chain), never one on another chain. Undefined when there is none.
 */
export function requestNetwork(input: {
  site: SitePermission | undefined;
  networks: readonly Network[];
  selected: Network;
  pinned: HexChainId | undefined;
}): Network | undefined {
  const { site, networks, selected, pinned } = input;
  if (site) {
    const current = siteNetwork(site, networks);
    return pinned === undefined || (current && toHexChainId(current.chainId) === pinned) ? current : undefined;
  }
  return pinned === undefined ? undefined : [selected, ...networks].find((n) => toHexChainId(n.chainId) === pinned);
}

/**
 * EIP-2255's answer to wallet_requestPermissions for a site: its permission as wallet_getPermissions
 * gives it (rareSiteAnswers.ts), with the date it was granted.
 */
export function permissionsOf(site: SitePermission | undefined): unknown[] {
  if (!site) return [];
  return permissions(site.accounts, site.origin).map((permission) => ({ ...permission, date: site.grantedAt }));
}

/** Checks a stored sites map (another version of Cairn may have written it) and keeps what is sound. */
export function readSitePermissions(stored: unknown): SitePermissions {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const out: SitePermissions = {};
  for (const [origin, value] of Object.entries(stored)) {
    if (isSitePermission(value) && value.origin === origin && isSerialisedOrigin(origin)) out[origin] = value;
  }
  return out;
}

function isSitePermission(value: unknown): value is SitePermission {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const strings = (x: unknown) => Array.isArray(x) && x.every((s) => typeof s === 'string');
  return (
    typeof v.origin === 'string' &&
    strings(v.accounts) &&
    typeof v.networkId === 'string' &&
    strings(v.networkIds) &&
    typeof v.ownNodeReads === 'boolean' &&
    (v.siteRpcUrls === undefined ||
      (typeof v.siteRpcUrls === 'object' &&
        v.siteRpcUrls !== null &&
        !Array.isArray(v.siteRpcUrls) &&
        Object.values(v.siteRpcUrls).every(strings))) &&
    typeof v.name === 'string' &&
    typeof v.grantedAt === 'number' &&
    typeof v.lastUsed === 'number'
  );
}
