import type { Address } from 'viem';
import { LOCAL_CHAIN_ID, LOCAL_ENS_RESOLVER, LOCAL_OP_CHAIN_ID } from './localChain';
import { type FeeFamily, type MulticallDeployment, OP_GAS_PRICE_ORACLE } from './networkFacts';
import type { PresetChain } from './presetChain';
import { presetChains } from './presetChains.generated';

export type NetworkKind = 'local' | 'preset' | 'custom';

/**
 * Who chose a network's RPC URLs: Cairn's own local chain, the public preset Cairn ships, the
 * person (typed in the network form), or a site (wallet_addEthereumChain). 'unrecorded': a custom
 * network saved before Cairn kept this, taken as not chosen by the person.
 */
export type RpcSource = 'local' | 'preset' | 'person' | 'site' | 'unrecorded';

export type Network = {
  /** Stable identifier, independent of the chain id (two networks may share one). */
  id: string;
  kind: NetworkKind;
  name: string;
  chainId: number;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  /** Tried in order: the first that answers is used. */
  rpcUrls: string[];
  /** Who chose `rpcUrls` (see rpcChosenByPerson). */
  rpcFrom: RpcSource;
  /**
   * A WebSocket (ws:, wss:) URL of the node the person chose, that tells of new blocks as they
   * come (see headSocketUrl). Absent on networks saved before it existed.
   */
  wsUrl?: string | undefined;
  explorerUrl: string | undefined;
  testnet: boolean;
  /** Typical time between blocks, to pace polling. */
  blockTimeMs: number;
  /** ENS Universal Resolver, on networks with ENS names. */
  ensUniversalResolver: Address | undefined;
  /**
   * How the network charges beyond gas × price (see FeeFamily): the L1 data fee of OP Stack and
   * Scroll rollups, Arbitrum's gas that includes its L1 cost. Generated for presets; read from the
   * chain for a custom network when it is saved (verifyNetwork), or at first use for one saved
   * before (`unknown`, see feeFamilyOf). Custom networks stored with `l1FeeOracle` read as OP Stack.
   */
  feeFamily: FeeFamily;
  /** The chain id of the network it settles on (viem's `sourceId`): Ethereum for its rollups. */
  parentChainId?: number | undefined;
  /** Its Multicall3, where not at the canonical address (zkSync Era). */
  multicall?: MulticallDeployment | undefined;
};

export const LOCAL_NETWORK_ID = 'local';
export const LOCAL_OP_NETWORK_ID = 'local-op';

function fromPreset(preset: PresetChain): Network {
  return {
    id: preset.id,
    kind: 'preset',
    name: preset.name,
    chainId: preset.chainId,
    nativeCurrency: { ...preset.nativeCurrency },
    rpcUrls: [...preset.rpcUrls],
    rpcFrom: 'preset',
    explorerUrl: preset.explorerUrl ?? undefined,
    testnet: preset.testnet,
    blockTimeMs: preset.blockTimeMs,
    ensUniversalResolver: (preset.ensUniversalResolver as Address | null) ?? undefined,
    feeFamily: preset.feeFamily,
    ...(preset.parentChainId !== null ? { parentChainId: preset.parentChainId } : {}),
    ...(preset.multicall !== null ? { multicall: preset.multicall } : {}),
  };
}

/** What both of Cairn's own local chains share: run by `npm start` on this computer, test ETH. */
const LOCAL_CHAIN_FACTS = {
  kind: 'local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcFrom: 'local',
  explorerUrl: undefined,
  testnet: true,
} as const;

/** The local chain, at its node's URL (or URLs: the same node listed twice, see app/runtimeConfig.ts). */
export function localNetwork(rpcUrl: string | readonly string[]): Network {
  return {
    ...LOCAL_CHAIN_FACTS,
    nativeCurrency: { ...LOCAL_CHAIN_FACTS.nativeCurrency },
    id: LOCAL_NETWORK_ID,
    name: 'Local chain',
    chainId: LOCAL_CHAIN_ID,
    rpcUrls: typeof rpcUrl === 'string' ? [rpcUrl] : [...rpcUrl],
    blockTimeMs: 1_000,
    ensUniversalResolver: LOCAL_ENS_RESOLVER,
    feeFamily: { kind: 'l1' },
  };
}

/**
 * The local OP Stack chain `npm start` runs beside the local chain (devchain/op-node-process.cjs),
 * at its node's URL or URLs: an L2 whose data fee is real, for trying L2 fees and reads across
 * networks offline.
 */
export function localOpNetwork(rpcUrls: readonly string[]): Network {
  return {
    ...LOCAL_CHAIN_FACTS,
    nativeCurrency: { ...LOCAL_CHAIN_FACTS.nativeCurrency },
    id: LOCAL_OP_NETWORK_ID,
    name: 'Local OP chain',
    chainId: LOCAL_OP_CHAIN_ID,
    rpcUrls: [...rpcUrls],
    blockTimeMs: 2_000,
    ensUniversalResolver: undefined,
    feeFamily: { kind: 'opStack', oracle: OP_GAS_PRICE_ORACLE },
    parentChainId: LOCAL_CHAIN_ID,
  };
}

/**
 * The built-in networks: the local chain first (and the local OP chain when the page names its
 * node), then the presets, with chain data from viem.
 */
export function builtInNetworks(
  localRpcUrl: string | readonly string[],
  localOpRpcUrls: readonly string[] = [],
): Network[] {
  const localOp = localOpRpcUrls.length > 0 ? [localOpNetwork(localOpRpcUrls)] : [];
  return [localNetwork(localRpcUrl), ...localOp, ...presetChains.map(fromPreset)];
}

/** Whether a network is Cairn's local chain itself (not the local OP chain): where the demo contracts, Uniswap and Safe are. */
export function isLocalL1(network: Pick<Network, 'kind' | 'chainId'>): boolean {
  return network.kind === 'local' && network.chainId === LOCAL_CHAIN_ID;
}

/**
 * Whether the person chose the node this network reads through: the local chain Cairn runs with,
 * or RPC URLs they typed. The operator of any other (a public preset's, one a site added) would
 * see every address a request names: on such a network Cairn puts one account in a request (see
 * networkConfig's accountsToRead) unless the person allows all.
 */
export function rpcChosenByPerson(network: Pick<Network, 'rpcFrom'>): boolean {
  return network.rpcFrom === 'local' || network.rpcFrom === 'person';
}

/**
 * Who chose a network's RPC once the person saved it with `rpcUrls`: whoever chose `base`'s when
 * they are the same URLs in the same order (an edit of the name or explorer only), else the person.
 */
export function rpcFromAfterEdit(base: Pick<Network, 'rpcUrls' | 'rpcFrom'>, rpcUrls: readonly string[]): RpcSource {
  const same = base.rpcUrls.length === rpcUrls.length && base.rpcUrls.every((url, i) => url === rpcUrls[i]);
  return same ? base.rpcFrom : 'person';
}

/** How often to ask the node for its latest block: about once a block, within sane bounds. */
export function headPollIntervalMs(network: Network): number {
  return Math.min(Math.max(network.blockTimeMs, 1_000), 6_000);
}

/**
 * Where the node tells of new blocks over a WebSocket (eth_subscribe newHeads), if anywhere: the
 * WebSocket URL the person set, else, for Cairn's own local chain with its own URL, the same
 * address as ws: (Hardhat serves both on one port). RPC URLs are http(s) only (networkDraft).
 * No other node's WebSocket is guessed: an https provider's is at an address of its own, if any.
 */
export function headSocketUrl(network: Network): string | undefined {
  if (network.wsUrl) return network.wsUrl;
  const local = network.rpcUrls[0];
  if (network.kind === 'local' && network.rpcFrom === 'local' && local && /^https?:\/\//i.test(local))
    return local.replace(/^http/i, 'ws');
  return undefined;
}
