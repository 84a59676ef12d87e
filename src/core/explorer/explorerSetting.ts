import { checkedItems, type SettingsError } from '../errors/settings';
import type { SyncedSetting } from '../settingDeclaration';
import { isRecord } from '../text/guards';
import type { ExplorerConfig } from './config';

function isExplorerConfig(value: unknown): value is ExplorerConfig {
  return isRecord(value) && typeof value.baseUrl === 'string' && typeof value.apiKey === 'string';
}

/** The person's Etherscan-compatible explorer (base URL and their own key), per network id. */
export const explorerSetting = {
  key: 'explorers' as const,
  initial: {} as Record<string, ExplorerConfig>,
  read: (stored: unknown, dropped?: (error: SettingsError) => void): Record<string, ExplorerConfig> =>
    checkedItems('explorers', (items) => items.record(stored, (v) => (isExplorerConfig(v) ? v : undefined)), dropped),
  actions: (change: (fn: (all: Record<string, ExplorerConfig>) => Record<string, ExplorerConfig>) => void) => ({
    /** Sets (or with undefined removes) a network's explorer, checked beforehand (see checkExplorer). */
    setExplorer(networkId: string, config: ExplorerConfig | undefined): void {
      change((all) => {
        const { [networkId]: _old, ...rest } = all;
        return config ? { ...rest, [networkId]: config } : rest;
      });
    },
  }),
} satisfies SyncedSetting<'explorers', Record<string, ExplorerConfig>, object>;
