import { isAddress } from 'viem';
import { checkedItems, type SettingsError } from '../errors/settings';
import { withNetworkItem, withoutNetworkItem } from '../keys/addressLists';
import type { SyncedSetting } from '../settingDeclaration';
import { isRecord } from '../text/guards';
import { abiItemShapeProblem } from './abiItemShape';
import type { SavedAbi } from './decode/abiIndex';

/**
 * An ABI as stored: a list of items each of the form parseAbiJson checks when an ABI is saved.
 * Its Solidity types, checked then too, are not checked again here: that round trip through
 * abitype would add about 4 KB gzip to the first screen.
 */
function isAbi(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((item, i) => !abiItemShapeProblem(item, i + 1));
}

function isSavedAbi(value: unknown): value is SavedAbi {
  return (
    isRecord(value) &&
    typeof value.address === 'string' &&
    isAddress(value.address, { strict: false }) &&
    isAbi(value.abi)
  );
}

/** Contract ABIs the person saved, per network id, for decoding and contract calls. */
export const savedAbisSetting = {
  key: 'savedAbis' as const,
  initial: {} as Record<string, SavedAbi[]>,
  read: (stored: unknown, dropped?: (error: SettingsError) => void): Record<string, SavedAbi[]> =>
    checkedItems('savedAbis', (items) => items.record(stored, (list) => items.list(list, isSavedAbi)), dropped),
  actions: (change: (fn: (all: Record<string, SavedAbi[]>) => Record<string, SavedAbi[]>) => void) => ({
    /** Adds or replaces (same address) a saved ABI on a network. */
    saveAbi(networkId: string, saved: SavedAbi): void {
      change((all) => withNetworkItem(all, networkId, saved));
    },
    removeAbi(networkId: string, address: string): void {
      change((all) => withoutNetworkItem(all, networkId, address));
    },
  }),
} satisfies SyncedSetting<'savedAbis', Record<string, SavedAbi[]>, object>;
