import type { Address } from 'viem';
import type { Network } from '../chain/networks';
import { type ParentedNetwork, parentChainIdOf } from '../chain/parentChains';
import { type Message, msg } from '../i18n/message';
import {
  SEQUENCER_GRACE_SECONDS,
  type SequencerVerdict,
  sequencerVerdict,
  type UptimeRound,
} from '../prices/sequencerUptime';
import { bundledAssetId, priceFeedsFor } from './catalogue';
import { isPriceStale } from './fiat';
import type { FeedAnswer, PortfolioSnapshot } from './portfolio';
import type { PortfolioToken } from './token';

/** A price an asset is valued at, and whose feed gave it: the network's own, or its parent network's. */
export type Priced = { price: FeedAnswer; from: 'network' | 'parent' };

/** The price an asset is valued at, and whose feed gave it; or why it has none. */
export type PickedPrice = Priced | { none: Message };

/** A network as pricing reads it: its kind and chain id, and its own parent once its entry names one. */
export type PricedNetwork = Pick<Network, 'kind'> & ParentedNetwork;

export type PriceInputs = {
  network: PricedNetwork;
  /** The network's own feed's latest answer for the asset, if it has a feed. */
  own: FeedAnswer | undefined;
  /** The network's sequencer uptime round, read with the prices (undefined: none read). */
  sequencer: UptimeRound | undefined;
  /** The time of the block the network's figures are of (unix seconds). */
  now: number;
  /** The parent network's feed for the same asset (parentFeedFor), with the time of its block. */
  parent?: { price: FeedAnswer | undefined; now: number } | undefined;
  graceS?: number;
};

const NONE_BECAUSE: Record<Exclude<SequencerVerdict, 'up'>, Message> = {
  down: msg('core.chain:l2Price.sequencerDown'),
  grace: msg('core.chain:l2Price.sequencerGrace'),
  unknown: msg('core.chain:l2Price.sequencerUnknown'),
};

/**
 * The price to value an asset at. On an L1 (no parent) its own feed, as before (a price over two
 * days old is flagged by the caller, see isPriceStale). On an L2, Chainlink's guidance: its own
 * feed only while the sequencer's uptime feed says up past the grace period, and only when not
 * stale; otherwise the parent network's feed for the same asset, when not stale; otherwise no
 * price, saying why (the sequencer down, in grace or unknown; the L2 feed stale; no feed).
 */
export function pickPrice(inputs: PriceInputs): PickedPrice {
  const { network, own, now, parent } = inputs;
  if (parentChainIdOf(network) === undefined) {
    return own ? { price: own, from: 'network' } : { none: msg('core.chain:l2Price.noFeed') };
  }
  const verdict = sequencerVerdict(inputs.sequencer, now, inputs.graceS ?? SEQUENCER_GRACE_SECONDS);
  const ownUsable = own !== undefined && !isPriceStale(own, now);
  if (verdict === 'up' && ownUsable) return { price: own, from: 'network' };
  if (parent?.price && !isPriceStale(parent.price, parent.now)) return { price: parent.price, from: 'parent' };
  if (verdict !== 'up') return { none: NONE_BECAUSE[verdict] };
  return { none: own ? msg('core.chain:l2Price.stale') : msg('core.chain:l2Price.noFeed') };
}

/** The parent network, as the feed lists know it: the local OP chain's is the local chain. */
function parentOf(network: PricedNetwork): Pick<Network, 'kind' | 'chainId'> | undefined {
  const chainId = parentChainIdOf(network);
  if (chainId === undefined) return undefined;
  return { kind: network.kind === 'local' ? 'local' : 'preset', chainId };
}

/** The parent's feed for the same asset, with its key in the parent's snapshot (`prices`). */
function parentFeed(
  network: PricedNetwork,
  asset: 'native' | PortfolioToken,
): { chainId: number; key: string; address: Address } | undefined {
  const parent = parentOf(network);
  if (!parent) return undefined;
  const feeds = priceFeedsFor(parent);
  const id =
    asset === 'native' ? undefined : asset.origin === 'list' ? bundledAssetId(network, asset.address) : undefined;
  if (asset !== 'native' && id === undefined) return undefined;
  const feed = feeds.find((f) =>
    asset === 'native' ? f.key === 'native' : f.key !== 'native' && bundledAssetId(parent, f.key) === id,
  );
  return feed && { chainId: parent.chainId, ...feed };
}

/**
 * The parent network's price feed for the same asset, from bundled knowledge only: its native
 * coin's for the native coin (the L2's ETH is its parent's), else the feed of the token the
 * bundled lists give the same asset id (`cairnAsset`). Undefined on an L1, for a token the lists do
 * not name (added, unsolicited), or when the parent has no feed for it.
 */
export function parentFeedFor(
  network: PricedNetwork,
  asset: 'native' | PortfolioToken,
): { chainId: number; address: Address } | undefined {
  const feed = parentFeed(network, asset);
  return feed && { chainId: feed.chainId, address: feed.address };
}

/**
 * Where the parent network's snapshot holds the same asset's price (its `prices` key: 'native' or
 * the parent token's lower-case address), or undefined where parentFeedFor finds no feed.
 */
export function parentPriceKeyFor(network: PricedNetwork, asset: 'native' | PortfolioToken): string | undefined {
  return parentFeed(network, asset)?.key;
}

/** A network's figures as pricing reads them: its feeds' answers, its sequencer round, its block's time. */
export type PricedSnapshot = Pick<PortfolioSnapshot, 'prices' | 'sequencer' | 'timestamp'>;

/**
 * An asset's price in a network's snapshot, by pickPrice's rule, with the parent network's
 * snapshot when the caller has it (else the parent's price counts as not at hand). Undefined where
 * the asset has no feed Cairn knows, neither the network's own nor its parent's (shown without a
 * value and without a reason, as on an L1); on an L1 its own feed's answer, stale or not, as before.
 */
export function assetPrice(
  network: PricedNetwork,
  asset: 'native' | PortfolioToken,
  snapshot: PricedSnapshot,
  parent?: PricedSnapshot,
): PickedPrice | undefined {
  const own = snapshot.prices.get(asset === 'native' ? 'native' : asset.address.toLowerCase());
  const parentKey = parentPriceKeyFor(network, asset);
  if (own === undefined && parentKey === undefined) return undefined;
  const picked = pickPrice({
    network,
    own,
    sequencer: snapshot.sequencer,
    now: snapshot.timestamp,
    parent:
      parent && parentKey !== undefined ? { price: parent.prices.get(parentKey), now: parent.timestamp } : undefined,
  });
  return 'none' in picked && picked.none.id === 'core.chain:l2Price.noFeed' ? undefined : picked;
}

/**
 * Every asset's price as shown (assetPrice), by its key in the snapshot's prices: 'native' or the
 * token's lower-case address. An asset assetPrice gives nothing for is left out. What every figure
 * of a network (its Home, Send's value lines, Approvals' value at risk) values its assets at.
 */
export function shownPrices(
  network: PricedNetwork,
  snapshot: PricedSnapshot,
  tokens: readonly PortfolioToken[],
  parent?: PricedSnapshot,
): Map<string, PickedPrice> {
  const shown = new Map<string, PickedPrice>();
  for (const asset of ['native' as const, ...tokens]) {
    const picked = assetPrice(network, asset, snapshot, parent);
    if (picked) shown.set(asset === 'native' ? 'native' : asset.address.toLowerCase(), picked);
  }
  return shown;
}

/**
 * Whether the parent network's prices would value some asset that the network's own snapshot
 * does not price (assetPrice without the parent): its sequencer down or in grace, an own feed
 * stale or missing, where the parent has a feed for the same asset. Only then is the parent's
 * read worth a request.
 */
export function wantsParentPrices(
  network: PricedNetwork,
  snapshot: PricedSnapshot,
  tokens: readonly PortfolioToken[],
): boolean {
  return ['native' as const, ...tokens].some((asset) => {
    if (parentPriceKeyFor(network, asset) === undefined) return false;
    const alone = assetPrice(network, asset, snapshot);
    return alone === undefined || 'none' in alone;
  });
}
