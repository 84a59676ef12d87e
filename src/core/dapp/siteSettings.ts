import type { SyncedSetting } from '../settingDeclaration';
import { readSitePermissions, type SitePermission, type SitePermissions, siteFor } from './sites';

/** What each connected site may do, by origin: entries that are not sound are dropped when read. */
export const dappSitesSetting = {
  key: 'dappSites' as const,
  initial: {} as SitePermissions,
  read: readSitePermissions,
  actions: (change: (fn: (all: SitePermissions) => SitePermissions) => void) => ({
    /** Changes one site's permission on top of what is stored; `change` returning undefined removes it. */
    updateSite(origin: string, fn: (site: SitePermission | undefined) => SitePermission | undefined): void {
      change((all) => {
        const { [origin]: _old, ...rest } = all;
        const next = fn(siteFor(all, origin));
        return next ? { ...rest, [origin]: next } : rest;
      });
    },
  }),
} satisfies SyncedSetting<'dappSites', SitePermissions, object>;

/** The words the person chose to recognise Cairn's real dApp window by (empty: not chosen yet). */
export const antiPhishingPhraseSetting = {
  key: 'antiPhishingPhrase' as const,
  initial: '',
  read: (stored: unknown): string => (typeof stored === 'string' ? stored : ''),
  actions: (change: (fn: (phrase: string) => string) => void) => ({
    setAntiPhishingPhrase(phrase: string): void {
      change(() => phrase);
    },
  }),
} satisfies SyncedSetting<'antiPhishingPhrase', string, object>;
