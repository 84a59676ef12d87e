import { type Address, getAddress } from 'viem';
import { isLocalL1, type Network } from '../chain/networks';
import { sameAddress } from '../keys/sameAddress';
import {
  LOCAL_OP_PRICE_FEEDS,
  LOCAL_OP_SEQUENCER_FEED,
  LOCAL_OP_TOKEN_LIST,
  LOCAL_PRICE_FEEDS,
  LOCAL_TOKEN_LIST,
} from './localChainAssets';
import type { PortfolioRequest } from './portfolio';
import { PRICE_FEEDS, SEQUENCER_UPTIME_FEEDS } from './priceFeeds';
import type { PortfolioToken, TokenInfo, TokenList } from './token';
import arbitrum from './tokenLists/arbitrum.json';
import avalanche from './tokenLists/avalanche.json';
import base from './tokenLists/base.json';
import bsc from './tokenLists/bsc.json';
import ethereum from './tokenLists/ethereum.json';
import gnosis from './tokenLists/gnosis.json';
import optimism from './tokenLists/optimism.json';
import polygon from './tokenLists/polygon.json';
import sepolia from './tokenLists/sepolia.json';

const listsByChainId = new Map<number, TokenList>(
  [ethereum, sepolia, base, optimism, arbitrum, polygon, bsc, gnosis, avalanche].map((list) => [
    list.tokens[0]?.chainId ?? 0,
    list as TokenList,
  ]),
);

function fromList(list: TokenList | undefined): TokenInfo[] {
  return (list?.tokens ?? []).map((t) => ({
    address: getAddress(t.address),
    name: t.name,
    symbol: t.symbol,
    decimals: t.decimals,
  }));
}

/**
 * The bundled token list of a network: the demo tokens on the local chain, the curated list
 * of its chain id otherwise (a custom network on chain 1 gets Ethereum's list).
 */
export function listedTokens(network: Network): TokenInfo[] {
  return fromList(bundledListOf(network));
}

/** The local chains' demo lists, else the curated list of the chain id. */
function bundledListOf(network: Pick<Network, 'kind' | 'chainId'>): TokenList | undefined {
  if (network.kind === 'local') return (isLocalL1(network) ? LOCAL_TOKEN_LIST : LOCAL_OP_TOKEN_LIST) as TokenList;
  return listsByChainId.get(network.chainId);
}

/**
 * Cairn's id of a listed token across networks (`extensions.cairnAsset` in the bundled lists:
 * 'usdc', 'usdc.e', 'weth'…), or undefined for a token no bundled list names on this network. Only
 * bundled knowledge: never a token's own name or symbol.
 */
export function bundledAssetId(network: Pick<Network, 'kind' | 'chainId'>, address: string): string | undefined {
  return bundledListOf(network)?.tokens.find((t) => sameAddress(t.address, address))?.extensions?.cairnAsset;
}

/**
 * The network's Chainlink L2 sequencer uptime feed, by chain id (a custom network on chain 10 gets
 * OP Mainnet's, as it gets its token list), or undefined where none is known.
 */
export function sequencerUptimeFeedFor(network: Pick<Network, 'kind' | 'chainId'>): Address | undefined {
  if (network.kind === 'local') return isLocalL1(network) ? undefined : LOCAL_OP_SEQUENCER_FEED;
  return SEQUENCER_UPTIME_FEEDS.find((f) => f.chainId === network.chainId)?.address;
}

/** Price feeds of a network, keyed by asset: 'native' or a lower-case token address. */
export function priceFeedsFor(network: Pick<Network, 'kind' | 'chainId'>): { key: string; address: Address }[] {
  const feeds =
    network.kind !== 'local'
      ? PRICE_FEEDS.filter((f) => f.chainId === network.chainId)
      : isLocalL1(network)
        ? LOCAL_PRICE_FEEDS
        : LOCAL_OP_PRICE_FEEDS;
  return feeds.map((f) => ({ key: f.asset === 'native' ? 'native' : f.asset.toLowerCase(), address: f.address }));
}

/**
 * What a portfolio read asks of a network: the accounts' balances of its coin and of `tokens`, its
 * price feeds, and on an L2 its sequencer uptime feed (in the same aggregate3, see readPortfolio).
 */
export function portfolioRequestFor(
  network: Pick<Network, 'kind' | 'chainId'>,
  accounts: readonly Address[],
  tokens: readonly Address[],
): PortfolioRequest {
  const sequencer = sequencerUptimeFeedFor(network);
  return { accounts, tokens, feeds: priceFeedsFor(network), ...(sequencer ? { sequencer } : {}) };
}

/**
 * The tokens to show on a network, each marked with where it came from: the bundled list, the
 * person's additions, or transfers nobody asked for. Hidden tokens are left out.
 */
export function portfolioTokens(
  network: Network,
  custom: readonly TokenInfo[],
  unsolicited: readonly TokenInfo[],
  hidden: readonly string[],
): PortfolioToken[] {
  const seen = new Set<string>();
  const out: PortfolioToken[] = [];
  const add = (tokens: readonly TokenInfo[], origin: PortfolioToken['origin']) => {
    for (const token of tokens) {
      const key = token.address.toLowerCase();
      if (seen.has(key) || hidden.includes(key)) continue;
      seen.add(key);
      out.push({ ...token, origin });
    }
  };
  add(listedTokens(network), 'list');
  add(custom, 'custom');
  add(unsolicited, 'unsolicited');
  return out;
}

/** Whether a token is among those the person sees on a network: listed or added, and not hidden. */
export function isShownToken(
  network: Network,
  custom: readonly TokenInfo[],
  hidden: readonly string[],
  address: string,
): boolean {
  const listed = [...listedTokens(network), ...custom].some((t) => sameAddress(t.address, address));
  return listed && !hidden.includes(address.toLowerCase());
}
