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
import { bundledAssetId } from './catalogue';
import { isPriceStale } from './fiat';
import type { FeedAnswer } from './portfolio';
import { PRICE_FEEDS } from './priceFeeds';
import type { PortfolioToken } from './token';

/** The price an asset is valued at, and whose feed gave it; or why it has none. */
export type PickedPrice = { price: FeedAnswer; from: 'network' | 'parent' } | { none: Message };

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
  const parentChainId = parentChainIdOf(network);
  if (parentChainId === undefined) return undefined;
  const onParent = PRICE_FEEDS.filter((f) => f.chainId === parentChainId);
  if (asset === 'native') {
    const feed = onParent.find((f) => f.asset === 'native');
    return feed && { chainId: parentChainId, address: feed.address };
  }
  const id = asset.origin === 'list' ? bundledAssetId(network, asset.address) : undefined;
  if (id === undefined) return undefined;
  const parent = { kind: 'preset' as const, chainId: parentChainId };
  const feed = onParent.find((f) => f.asset !== 'native' && bundledAssetId(parent, f.asset) === id);
  return feed && { chainId: parentChainId, address: feed.address };
}
