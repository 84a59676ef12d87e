import { isAddress } from 'viem';
import { checkedSetting, isListOf, isRecord, isRecordOf } from '../errors/settings';
import type { SavedAbi } from './decode/abiIndex';

/** An ABI as stored: a list of entries, each naming its type (the rest was checked when saved). */
function isSavedAbi(value: unknown): value is SavedAbi {
  return (
    isRecord(value) &&
    typeof value.address === 'string' &&
    isAddress(value.address, { strict: false }) &&
    Array.isArray(value.abi) &&
    value.abi.every((entry) => isRecord(entry) && typeof entry.type === 'string')
  );
}

const perNetwork = (map: Record<string, SavedAbi[]>, networkId: string) => map[networkId] ?? [];

/** Contract ABIs the person saved, per network id, for decoding and contract calls. */
export const savedAbisSetting = {
  key: 'savedAbis' as const,
  initial: {} as Record<string, SavedAbi[]>,
  read: (stored: unknown): Record<string, SavedAbi[]> =>
    checkedSetting('savedAbis', stored, (v) => isRecordOf(v, (list) => isListOf(list, isSavedAbi))),
  actions: (change: (fn: (all: Record<string, SavedAbi[]>) => Record<string, SavedAbi[]>) => void) => ({
    /** Adds or replaces (same address) a saved ABI on a network. */
    saveAbi(networkId: string, saved: SavedAbi): void {
      const same = (a: SavedAbi) => a.address.toLowerCase() === saved.address.toLowerCase();
      change((all) => ({ ...all, [networkId]: [...perNetwork(all, networkId).filter((a) => !same(a)), saved] }));
    },
    removeAbi(networkId: string, address: string): void {
      change((all) => ({
        ...all,
        [networkId]: perNetwork(all, networkId).filter((a) => a.address.toLowerCase() !== address.toLowerCase()),
      }));
    },
  }),
};
