import type { FeedAnswer } from './portfolio';

/** Fiat (US dollar) amounts are bigints with 18 decimals, so sums stay exact. */
export const FIAT_DECIMALS = 18;

/** A price older than this (seconds) is shown as possibly outdated. */
export const PRICE_MAX_AGE_SECONDS = 2 * 86_400;

/** The dollar value of `amount` base units of an asset with `decimals`, at a feed's answer. */
export function usdValue(amount: bigint, decimals: number, price: FeedAnswer): bigint {
  const scale = FIAT_DECIMALS - price.decimals;
  const scaled =
    scale >= 0 ? amount * price.answer * 10n ** BigInt(scale) : (amount * price.answer) / 10n ** BigInt(-scale);
  return scaled / 10n ** BigInt(decimals);
}

/** The price of one whole unit, with 18 decimals. */
export function unitPrice(price: FeedAnswer): bigint {
  return usdValue(1n, 0, price);
}

export function isPriceStale(price: FeedAnswer, now: number): boolean {
  return now - price.updatedAt > PRICE_MAX_AGE_SECONDS;
}
