import type { Address } from 'viem';
import type { Network } from '../chain/networks';
import type { Message } from '../i18n/message';
import { type BalanceCheck, type FigureCheck, shownBalance } from '../verify/figureChecks';
import { isPriceStale, usdValue } from './fiat';
import { type PickedPrice, type PricedSnapshot, shownPrices } from './l2Pricing';
import type { PortfolioSnapshot } from './portfolio';
import type { PortfolioToken } from './token';

export type AssetRow = {
  key: string;
  symbol: string;
  name: string;
  decimals: number;
  /** Undefined when the balance could not be read (the token reverted). */
  balance: bigint | undefined;
  token: PortfolioToken | undefined;
  /** Dollar value with 18 decimals; undefined without a price feed. */
  value: bigint | undefined;
  priceStale: boolean;
  /** Whose feed the value is at: the network's own, or (an L2's) its parent network's. */
  priceFrom?: 'network' | 'parent';
  /**
   * Why an asset Cairn knows a feed for has no value: on an L2, its sequencer down or just back up
   * and no parent price at hand, or its feed stale (core/assets/l2Pricing.ts). Shown in place of the value.
   */
  noPrice?: Message;
  /**
   * The balance checked against proofs, when verification is on. A contradicted or moved one shows
   * the proven balance as `balance` (and in every total), the node's claim only beside it.
   */
  check?: FigureCheck;
};

export type AccountView = { address: Address; rows: AssetRow[]; spam: AssetRow[]; total: bigint; hasPrices: boolean };
export type PortfolioView = { accounts: AccountView[]; total: bigint };

type Valued = Pick<AssetRow, 'value' | 'priceStale' | 'priceFrom' | 'noPrice'>;

function valued(balance: bigint | undefined, decimals: number, picked: PickedPrice | undefined, now: number): Valued {
  if (picked && 'none' in picked) return { value: undefined, priceStale: false, noPrice: picked.none };
  if (balance === undefined || !picked) return { value: undefined, priceStale: false };
  const { price, from } = picked;
  return { value: usdValue(balance, decimals, price), priceStale: isPriceStale(price, now), priceFrom: from };
}

export type PortfolioViewOptions = {
  hideZero: boolean;
  checks?: BalanceCheck | undefined;
  /**
   * The parent network's snapshot (an L2's: Ethereum's for OP Mainnet), when the caller has read
   * it: its price of the same asset stands in for the L2's own while the L2's sequencer is not up
   * past its grace period (see assetPrice). Without it such an asset shows no value, saying why.
   */
  parent?: PricedSnapshot | undefined;
};

/**
 * Arranges a snapshot for display: per account the native coin, then tokens; tokens that
 * arrived unsolicited go to a separate list and never count towards totals. With `hideZero`,
 * empty token balances are left out (the native coin always shows). Each price is picked by
 * shownPrices: on an L1 the network's own feed, as read; on an L2 by the sequencer rule.
 */
export function buildPortfolioView(
  snapshot: PortfolioSnapshot,
  network: Network,
  accounts: readonly Address[],
  tokens: readonly PortfolioToken[],
  options: PortfolioViewOptions,
): PortfolioView {
  const prices = shownPrices(network, snapshot, tokens, options.parent);
  const nativePrice = prices.get('native');
  const views = accounts.map((address): AccountView => {
    const key = address.toLowerCase();
    const nativeCheck = options.checks?.native.get(key);
    const nativeBalance = shownBalance(snapshot.native.get(key), nativeCheck);
    const native: AssetRow = {
      key: 'native',
      symbol: network.nativeCurrency.symbol,
      name: network.nativeCurrency.name,
      decimals: network.nativeCurrency.decimals,
      balance: nativeBalance,
      token: undefined,
      ...valued(nativeBalance, network.nativeCurrency.decimals, nativePrice, snapshot.timestamp),
      ...(nativeCheck ? { check: nativeCheck } : {}),
    };
    const rows: AssetRow[] = [native];
    const spam: AssetRow[] = [];
    for (const token of tokens) {
      const tokenKey = token.address.toLowerCase();
      const check = options.checks?.tokens.get(key)?.get(tokenKey);
      const balance = shownBalance(snapshot.tokens.get(key)?.get(tokenKey), check);
      const row: AssetRow = {
        key: tokenKey,
        symbol: token.symbol,
        name: token.name,
        decimals: token.decimals,
        balance,
        token,
        ...(check ? { check } : {}),
        ...(token.origin === 'unsolicited'
          ? { value: undefined, priceStale: false }
          : valued(balance, token.decimals, prices.get(tokenKey), snapshot.timestamp)),
      };
      if (token.origin === 'unsolicited') {
        if (balance !== undefined && balance > 0n) spam.push(row);
      } else if (!options.hideZero || (balance !== undefined && balance > 0n)) {
        rows.push(row);
      }
    }
    const priced = rows.filter((r) => r.value !== undefined);
    return {
      address,
      rows,
      spam,
      total: priced.reduce((sum, r) => sum + (r.value ?? 0n), 0n),
      hasPrices: priced.length > 0,
    };
  });
  return { accounts: views, total: views.reduce((sum, v) => sum + v.total, 0n) };
}

/**
 * The snapshot with each balance as shown: the proven one where the check shows it apart from the
 * node's claim (contradicted, or moved at the node's head). What is kept for the next visit.
 */
export function shownSnapshot(snapshot: PortfolioSnapshot, checks: BalanceCheck | undefined): PortfolioSnapshot {
  if (!checks) return snapshot;
  const native = new Map(
    [...snapshot.native].map(([account, claimed]) => [
      account,
      shownBalance(claimed, checks.native.get(account)) ?? claimed,
    ]),
  );
  const tokens = new Map(
    [...snapshot.tokens].map(([account, perToken]) => [
      account,
      new Map(
        [...perToken].map(([token, claimed]) => [
          token,
          shownBalance(claimed, checks.tokens.get(account)?.get(token)) ?? claimed,
        ]),
      ),
    ]),
  );
  return { ...snapshot, native, tokens };
}

/** One asset over every account: balances and values summed. */
export type CombinedRow = AssetRow & {
  /** Accounts holding some of it. */
  holders: number;
};

/**
 * The view's assets across all accounts, in the order the accounts list them, for Home's default
 * list; unsolicited tokens are combined apart and never counted. A balance is summed only when
 * every account's could be read (else it shows as unreadable rather than as a partial sum), and a
 * value only when every balance has one. With `hideZero`, assets nobody holds are left out (the
 * native coin always shows).
 */
export function combineAccounts(view: PortfolioView, hideZero: boolean): { rows: CombinedRow[]; spam: CombinedRow[] } {
  const combine = (pick: (account: AccountView) => AssetRow[]) => {
    const byKey = new Map<string, { row: CombinedRow; complete: boolean; valued: boolean }>();
    for (const account of view.accounts) {
      for (const row of pick(account)) {
        const held = row.balance !== undefined && row.balance > 0n ? 1 : 0;
        const seen = byKey.get(row.key);
        if (!seen) {
          byKey.set(row.key, {
            row: { ...row, holders: held },
            complete: row.balance !== undefined,
            valued: row.value !== undefined,
          });
          continue;
        }
        seen.complete &&= row.balance !== undefined;
        seen.valued &&= row.value !== undefined;
        seen.row.balance = (seen.row.balance ?? 0n) + (row.balance ?? 0n);
        seen.row.value = (seen.row.value ?? 0n) + (row.value ?? 0n);
        seen.row.priceStale ||= row.priceStale;
        seen.row.holders += held;
        const check = combinedCheck(seen.row.check, seen.row.balance - (row.balance ?? 0n), row.check, row.balance);
        if (check) seen.row.check = check;
        else delete seen.row.check;
      }
    }
    return [...byKey.values()].map(({ row, complete, valued }) => ({
      ...row,
      balance: complete ? row.balance : undefined,
      value: complete && valued ? row.value : undefined,
    }));
  };
  const rows = combine((a) => a.rows).filter(
    (r) => !hideZero || r.key === 'native' || (r.balance !== undefined && r.balance > 0n),
  );
  return { rows, spam: combine((a) => a.spam) };
}

/** A check's claim where it shows another balance (contradicted or moved), else the balance shown. */
const claimedOf = (check: FigureCheck | undefined, shown: bigint) =>
  check?.state === 'contradicted' || check?.state === 'moved' ? check.claimed : shown;

/**
 * Two accounts' checks of one asset as one: contradicted when either is, even if the other is
 * unchecked (the claims summed, each proven balance being the one shown), else moved when either
 * is (the same), else none when either is unchecked, else unverified when either is, else verified
 * at the older block. `shown` are the balances shown (proven where contradicted or moved).
 */
function combinedCheck(
  a: FigureCheck | undefined,
  shownA: bigint,
  b: FigureCheck | undefined,
  shownB: bigint | undefined,
): FigureCheck | undefined {
  const moved = [a, b].filter((c) => c?.state === 'moved') as Extract<FigureCheck, { state: 'moved' }>[];
  if (a?.state !== 'contradicted' && b?.state !== 'contradicted' && moved.length === 0 && (!a || !b)) return undefined;
  if (a?.state !== 'contradicted' && b?.state !== 'contradicted' && moved.length > 0) {
    const blocks = [a, b].flatMap((c) => (c?.state === 'moved' || c?.state === 'verified' ? [c.block] : []));
    return {
      state: 'moved',
      claimed: claimedOf(a, shownA) + claimedOf(b, shownB ?? 0n),
      at: moved.reduce((max, c) => (c.at > max ? c.at : max), 0n),
      proven: shownA + (shownB ?? 0n),
      block: blocks.reduce((min, block) => (block < min ? block : min)),
    };
  }
  if (a?.state === 'contradicted' || b?.state === 'contradicted') {
    const source = a?.state === 'contradicted' ? a.source : (b as { source: string }).source;
    return {
      state: 'contradicted',
      claimed: claimedOf(a, shownA) + claimedOf(b, shownB ?? 0n),
      proven: shownA + (shownB ?? 0n),
      source,
    };
  }
  if (!a || !b) return undefined;
  if (a.state === 'unverified') return a;
  if (b.state === 'unverified') return b;
  if (a.state !== 'verified' || b.state !== 'verified') return undefined;
  return { state: 'verified', block: a.block < b.block ? a.block : b.block };
}

/**
 * Whether the accounts hold nothing Cairn can show: a zero native balance and a zero balance of
 * every token listed, added or received (even unsolicited). A balance that could not be read
 * counts as held, since nothing is known about it; no accounts at all is not "nothing".
 */
export function holdsNothing(view: PortfolioView): boolean {
  return (
    view.accounts.length > 0 &&
    view.accounts.every((account) => account.spam.length === 0 && account.rows.every((row) => row.balance === 0n))
  );
}
