import type { Network } from '../chain/networks';
import { rootChainIdOf } from '../chain/parentChains';
import { type Message, msg } from '../i18n/message';
import { bundledAssetId } from './catalogue';
import type { AssetRow } from './portfolioView';
import type { PortfolioToken } from './token';

/** A network as grouping reads it (its entry's own parent, once it has one, see parentChains). */
export type GroupedNetwork = Network & { parentChainId?: number | undefined };

/**
 * Which group an asset belongs to. `id` is the same for the same asset on two networks, and only
 * then: `merges` says whether it can be shared at all (bundled knowledge), `bridged` whether the
 * group is a bridged form of an asset (id ending in `.e`: USDC.e beside USDC), labelled apart.
 */
export type AssetGroupKey = { id: string; merges: boolean; bridged: boolean };

/**
 * The group of a network's native coin or token, from bundled knowledge only: a listed token by
 * its `cairnAsset` id in the bundled lists; a native coin by the chain at its family's root (ETH
 * on Ethereum, OP, Base and Arbitrum together). A testnet's assets group only within its own
 * family (Sepolia's, the local chain's), never with a mainnet's. A custom network's assets, and
 * tokens the person added or that arrived unasked, are never grouped: their name and symbol are
 * whatever someone wrote, and a look-alike "USDC" must not join the real one.
 */
export function assetGroupOf(network: GroupedNetwork, asset: 'native' | PortfolioToken): AssetGroupKey {
  const own = (key: string): AssetGroupKey => ({ id: `own:${network.id}:${key}`, merges: false, bridged: false });
  if (network.kind === 'custom') return own(asset === 'native' ? 'native' : asset.address.toLowerCase());
  const root = rootChainIdOf(network);
  // A testnet's (or the local chain's) family: its root chain id, so it never meets a mainnet's.
  const family = network.testnet ? `@${root}` : '';
  if (asset === 'native') return { id: `native:${root}`, merges: true, bridged: false };
  const listed = asset.origin === 'list' ? bundledAssetId(network, asset.address) : undefined;
  if (listed === undefined) return own(asset.address.toLowerCase());
  return { id: `${listed}${family}`, merges: true, bridged: listed.endsWith('.e') };
}

/** One network's row of an asset (across its accounts: see combineAccounts). */
export type NetworkRow = { network: GroupedNetwork; row: AssetRow };

/** One asset across networks. */
export type AssetGroup = {
  key: AssetGroupKey;
  /** The first member's symbol and name (bundled text where the group merges). */
  symbol: string;
  name: string;
  /** Words that set the group apart ("Bridged USDC"), when it needs any. */
  label: Message | undefined;
  /** The largest decimals of its members: the balance is in these units. */
  decimals: number;
  /** The members' balances read, summed exactly at `decimals`. */
  balance: bigint;
  /** The members' values summed (18 decimals); undefined when none has one. */
  value: bigint | undefined;
  /** Some member's price is old (see isPriceStale). */
  priceStale: boolean;
  /** Every member's balance was read, and every member holding some has a value: the sums are whole. */
  complete: boolean;
  members: NetworkRow[];
};

const held = (row: AssetRow) => row.balance !== undefined && row.balance > 0n;

/**
 * Each asset once across networks, in the order first met (each network lists its native coin
 * first), with its members per network. Balances of members with other decimals (BSC's USDC has
 * 18, others 6) are scaled up to the largest, never rounded. With `hideZero`, members read as
 * holding nothing are left out, and groups left with none (across networks, the native coins too).
 */
export function groupAcrossNetworks(rows: readonly NetworkRow[], options: { hideZero: boolean }): AssetGroup[] {
  const groups = new Map<string, NetworkRow[]>();
  for (const member of rows) {
    if (options.hideZero && member.row.balance === 0n) continue;
    const key = assetGroupOf(member.network, member.row.token ?? 'native');
    const members = groups.get(key.id);
    if (members) members.push(member);
    else groups.set(key.id, [member]);
  }
  return [...groups.values()].map((members) => grouped(members));
}

function grouped(members: NetworkRow[]): AssetGroup {
  const first = members[0] as NetworkRow;
  const key = assetGroupOf(first.network, first.row.token ?? 'native');
  const decimals = Math.max(...members.map((m) => m.row.decimals));
  let balance = 0n;
  let value: bigint | undefined;
  let complete = true;
  for (const { row } of members) {
    if (row.balance === undefined) complete = false;
    else balance += row.balance * 10n ** BigInt(decimals - row.decimals);
    if (row.value !== undefined) value = (value ?? 0n) + row.value;
    else if (held(row)) complete = false;
  }
  return {
    key,
    symbol: first.row.symbol,
    name: first.row.name,
    label: key.bridged
      ? msg('core.chain:assetGroup.bridged', { symbol: first.row.symbol.replace(/\.e$/i, '') })
      : undefined,
    decimals,
    balance,
    value,
    priceStale: members.some((m) => m.row.priceStale),
    complete,
    members,
  };
}
