import { sameAddress } from './sameAddress';

/** `list` with `item` in the place of any item at its address (in any case), put last. */
export function withItemByAddress<T extends { address: string }>(list: readonly T[], item: T): T[] {
  return [...withoutItemByAddress(list, item.address), item];
}

/** `list` without its items at `address` (in any case). */
export function withoutItemByAddress<T extends { address: string }>(list: readonly T[], address: string): T[] {
  return list.filter((entry) => !sameAddress(entry.address, address));
}
