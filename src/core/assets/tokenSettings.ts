import { isAddress } from 'viem';
import { checkedItems, type SettingsError } from '../errors/settings';
import { withNetworkItem, withoutNetworkItem } from '../keys/addressLists';
import type { SyncedSetting } from '../settingDeclaration';
import { isRecord, isString } from '../text/guards';
import type { TokenInfo } from './token';

function isTokenInfo(value: unknown): value is TokenInfo {
  return (
    isRecord(value) &&
    typeof value.address === 'string' &&
    isAddress(value.address, { strict: false }) &&
    typeof value.name === 'string' &&
    typeof value.symbol === 'string' &&
    Number.isInteger(value.decimals) &&
    (value.decimals as number) >= 0 &&
    (value.decimals as number) <= 255
  );
}

const perNetwork = (map: Record<string, string[]>, networkId: string) => map[networkId] ?? [];

/** Tokens the person added, per network id. */
export const customTokensSetting = {
  key: 'customTokens' as const,
  initial: {} as Record<string, TokenInfo[]>,
  read: (stored: unknown, dropped?: (error: SettingsError) => void): Record<string, TokenInfo[]> =>
    checkedItems('customTokens', (items) => items.record(stored, (list) => items.list(list, isTokenInfo)), dropped),
  actions: (change: (fn: (all: Record<string, TokenInfo[]>) => Record<string, TokenInfo[]>) => void) => ({
    /** Adds or replaces (same address) a token; the session store also shows it again (see setTokenHidden). */
    addCustomToken(networkId: string, token: TokenInfo): void {
      change((all) => withNetworkItem(all, networkId, token));
    },
    removeCustomToken(networkId: string, address: string): void {
      change((all) => withoutNetworkItem(all, networkId, address));
    },
  }),
} satisfies SyncedSetting<'customTokens', Record<string, TokenInfo[]>, object>;

/** Lower-case addresses of the tokens the person hid, per network id. */
export const hiddenTokensSetting = {
  key: 'hiddenTokens' as const,
  initial: {} as Record<string, string[]>,
  read: (stored: unknown, dropped?: (error: SettingsError) => void): Record<string, string[]> =>
    checkedItems('hiddenTokens', (items) => items.record(stored, (list) => items.list(list, isString)), dropped),
  actions: (change: (fn: (all: Record<string, string[]>) => Record<string, string[]>) => void) => ({
    setTokenHidden(networkId: string, address: string, hidden: boolean): void {
      const key = address.toLowerCase();
      change((all) => {
        const rest = perNetwork(all, networkId).filter((a) => a !== key);
        return { ...all, [networkId]: hidden ? [...rest, key] : rest };
      });
    },
  }),
} satisfies SyncedSetting<'hiddenTokens', Record<string, string[]>, object>;

/** Home leaves out holdings worth nothing. */
export const hideZeroBalancesSetting = {
  key: 'hideZeroBalances' as const,
  initial: false,
  read: (stored: unknown): boolean => stored === true,
  actions: (change: (fn: (hide: boolean) => boolean) => void) => ({
    setHideZeroBalances(hide: boolean): void {
      change(() => hide);
    },
  }),
} satisfies SyncedSetting<'hideZeroBalances', boolean, object>;

/** Home lists holdings per account instead of per asset across accounts. */
export const groupByAccountSetting = {
  key: 'groupByAccount' as const,
  initial: false,
  read: (stored: unknown): boolean => stored === true,
  actions: (change: (fn: (group: boolean) => boolean) => void) => ({
    setGroupByAccount(group: boolean): void {
      change(() => group);
    },
  }),
} satisfies SyncedSetting<'groupByAccount', boolean, object>;
