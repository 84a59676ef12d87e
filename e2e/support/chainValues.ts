// What the chain itself says the demo accounts were worth at any time: their balances at the last
// block at or before that time, read from the node's state at that block, priced with the feed's
// round in force then (every round read one by one). Specs compare Home's chart with this.
import { type Address, erc20Abi, parseAbi } from 'viem';
import { demoAddress, demoContractAddresses } from '../../devchain/seed.ts';
import type { Round } from '../../src/core/prices/rounds.ts';
import { everyRound, roundAt } from '../../src/testing/feedRounds.ts';
import { nodeClient } from './rpc.ts';

type Asset = { token: Address | 'native'; decimals: number; feed: Address };

const contracts = demoContractAddresses();
/** The demo tokens with a price feed; MKR has none and is left out of values. */
const ASSETS: Asset[] = [
  { token: 'native', decimals: 18, feed: contracts.ETH_USD_FEED },
  { token: contracts.DAI, decimals: 18, feed: contracts.DAI_USD_FEED },
  { token: contracts.USDC, decimals: 6, feed: contracts.USDC_USD_FEED },
  { token: contracts.USDT, decimals: 6, feed: contracts.USDT_USD_FEED },
];

export class ChainValues {
  private readonly client;
  private blocks: { number: bigint; timestamp: number }[] = [];
  private rounds = new Map<Address, Round[]>();
  private balances = new Map<string, bigint>();

  constructor(
    url: string,
    readonly accounts: readonly Address[] = [0, 1, 2].map(demoAddress),
  ) {
    // No retries: a round that is missing reverts, which the node reports as an internal error
    // (-32603) that viem retried three times with back-off, about a second per missing round.
    this.client = nodeClient(url, { retryCount: 0 });
  }

  /** Reads every block's time and every round of every feed (the test chain is small). */
  async load(): Promise<this> {
    const latest = await this.client.getBlockNumber({ cacheTime: 0 });
    this.blocks = await Promise.all(
      Array.from({ length: Number(latest) + 1 }, async (_, i) => {
        const block = await this.client.getBlock({ blockNumber: BigInt(i) });
        return { number: block.number, timestamp: Number(block.timestamp) };
      }),
    );
    const rounds = await Promise.all(ASSETS.map(({ feed }) => everyRound(this.client, feed)));
    for (const [i, { feed }] of ASSETS.entries()) this.rounds.set(feed, rounds[i] ?? []);
    return this;
  }

  /** The last block at or before `time`. */
  blockAt(time: number): bigint {
    const block = this.blocks.filter((b) => b.timestamp <= time).at(-1);
    if (!block) throw new Error(`no block at or before ${time}`);
    return block.number;
  }

  priceAt(feed: Address, time: number): Round | undefined {
    return roundAt(this.rounds.get(feed) ?? [], time);
  }

  private async balance(account: Address, asset: Asset, blockNumber: bigint): Promise<bigint> {
    const key = `${account}:${asset.token}:${blockNumber}`;
    let balance = this.balances.get(key);
    if (balance === undefined) {
      const token = asset.token;
      if (token === 'native') balance = await this.client.getBalance({ address: account, blockNumber });
      else if (!(await this.client.getCode({ address: token, blockNumber })))
        balance = 0n; // not deployed yet
      else
        balance = await this.client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account],
          blockNumber,
        });
      this.balances.set(key, balance);
    }
    return balance;
  }

  /**
   * Dollars with 18 decimals: each account's balance of each asset at the block in force at
   * `time`, times the feed's answer then (8 decimals), rounded down per account and asset.
   */
  async valueAt(time: number): Promise<bigint> {
    const blockNumber = this.blockAt(time);
    let total = 0n;
    for (const asset of ASSETS) {
      const price = this.priceAt(asset.feed, time);
      if (!price) continue;
      for (const account of this.accounts) {
        const balance = await this.balance(account, asset, blockNumber);
        total += (balance * price.answer * 10n ** 10n) / 10n ** BigInt(asset.decimals);
      }
    }
    return total;
  }

  /** Today's holdings (at `now`) valued at the prices of `now` minus those of `then`. */
  async changeBetween(then: number, now: number): Promise<bigint> {
    const blockNumber = this.blockAt(now);
    let change = 0n;
    for (const asset of ASSETS) {
      const [before, after] = [this.priceAt(asset.feed, then), this.priceAt(asset.feed, now)];
      if (!before || !after) continue;
      for (const account of this.accounts) {
        const balance = await this.balance(account, asset, blockNumber);
        const value = (answer: bigint) => (balance * answer * 10n ** 10n) / 10n ** BigInt(asset.decimals);
        change += value(after.answer) - value(before.answer);
      }
    }
    return change;
  }
}

/** "$1,234.56" or "−$1,234.56" as shown → cents. */
export function shownCents(text: string): bigint {
  const match = /([−-])?\$([\d,]+)\.(\d\d)/.exec(text);
  if (!match) throw new Error(`no dollar amount in "${text}"`);
  const cents = BigInt(`${(match[2] as string).replace(/,/g, '')}${match[3]}`);
  return match[1] ? -cents : cents;
}

/** Dollars with 18 decimals → whole cents, rounded down as Cairn shows them. */
export function toCents(value: bigint): bigint {
  return value / 10n ** 16n;
}

/**
 * An asset with a price feed, as a chain holds it: 'native' or a token, and its feed, on the same
 * chain unless `feedUrl` names another (an L2's asset priced from its parent's feed).
 */
export type PricedAsset = Asset & { feedUrl?: string };

/** The demo tokens with a feed on the local chain (ChainValues' own list). */
export const LOCAL_PRICED_ASSETS: readonly PricedAsset[] = ASSETS;

/**
 * What `accounts` hold on the chain at `url` now, in dollars with 18 decimals: each balance at
 * the latest block times its feed's latest answer (8 decimals), rounded down per account and
 * asset, as Cairn values each row.
 */
export async function valueNow(
  url: string,
  assets: readonly PricedAsset[],
  accounts: readonly Address[] = [0, 1, 2].map(demoAddress),
): Promise<bigint> {
  const client = nodeClient(url, { retryCount: 0 });
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
  let total = 0n;
  for (const asset of assets) {
    const feedChain = asset.feedUrl ? nodeClient(asset.feedUrl, { retryCount: 0 }) : client;
    const [, answer] = await feedChain.readContract({
      address: asset.feed,
      abi: latestRoundAbi,
      functionName: 'latestRoundData',
      ...(asset.feedUrl ? {} : { blockNumber }),
    });
    for (const account of accounts) {
      const balance =
        asset.token === 'native'
          ? await client.getBalance({ address: account, blockNumber })
          : await client.readContract({
              address: asset.token,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [account],
              blockNumber,
            });
      total += (balance * answer * 10n ** 10n) / 10n ** BigInt(asset.decimals);
    }
  }
  return total;
}

const latestRoundAbi = parseAbi(['function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)']);
