import { checkedItems, type SettingsError } from '../errors/settings';
import type { SyncedSetting } from '../settingDeclaration';
import { isString } from '../text/guards';
import { withFollowed, withoutFollowed } from './followedNetworks';

/**
 * The networks Cairn follows (reads, totals, lists), by network id, shared by every window. Empty
 * means "not chosen yet": the list shown is then the default (see defaultFollowed), which the
 * session store stores under the first change, and resolveFollowed never gives an empty list. Ids of networks since removed
 * are kept (the network may come back) and left out when resolved.
 */
export const followedNetworksSetting = {
  key: 'followedNetworks' as const,
  initial: [] as string[],
  read: (stored: unknown, dropped?: (error: SettingsError) => void): string[] =>
    checkedItems(
      'followedNetworks',
      (items) => {
        const ids = items.list(stored, isString);
        return ids && [...new Set(ids)];
      },
      dropped,
    ),
  actions: (change: (fn: (ids: string[]) => string[]) => void) => ({
    /** Follows a network (the session store checks that it exists). */
    followNetwork(id: string): void {
      change((ids) => withFollowed(ids, id));
    },
    /** Stops following a network; the last one followed stays (see the session store's check too). */
    unfollowNetwork(id: string): void {
      change((ids) => withoutFollowed(ids, id));
    },
  }),
} satisfies SyncedSetting<'followedNetworks', string[], object>;
