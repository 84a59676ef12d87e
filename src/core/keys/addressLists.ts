import { sameAddress } from './sameAddress';

/** `list` with `item` in the place of any item at its address (in any case), put last. */
export function withItemByAddress<T extends { address: string }>(list: readonly T[], item: T): T[] {
  return [...withoutItemByAddress(list, item.address), item];
}

/** `list` without its items at `address` (in any case). */
export function withoutItemByAddress<T extends { address: string }>(list: readonly T[], address: string): T[] {
  return list.filter((entry) => !sameAddress(entry.address, address));
}

/** Lists of items by address, one list per network id (tokens added, ABIs saved). */
export type ListsByNetwork<T extends { address: string }> = Record<string, T[]>;

/** `all` with `item` in `networkId`'s list, in the place of any item at its address (withItemByAddress). */
export function withNetworkItem<T extends { address: string }>(
  all: ListsByNetwork<T>,
  networkId: string,
  item: T,
): ListsByNetwork<T> {
  return { ...all, [networkId]: withItemByAddress(all[networkId] ?? [], item) };
}

/** `all` without the items at `address` in `networkId`'s list. */
export function withoutNetworkItem<T extends { address: string }>(
  all: ListsByNetwork<T>,
  networkId: string,
  address: string,
): ListsByNetwork<T> {
  return { ...all, [networkId]: withoutItemByAddress(all[networkId] ?? [], address) };
}
