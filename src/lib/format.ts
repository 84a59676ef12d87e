/** Formats a bigint count (block number, nonce) with the locale's digit grouping. */
export function formatCount(value: bigint, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}
