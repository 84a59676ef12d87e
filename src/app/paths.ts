import type { PlainMessageId } from '@/core/i18n/message';

/**
 * The single registry of Cairn's screens. Navigation, the router and tests read it; no other
 * file types a path by hand.
 */
export type ScreenId =
  | 'home'
  | 'send'
  | 'swap'
  | 'receive'
  | 'activity'
  | 'contracts'
  | 'sign'
  | 'settings'
  | 'settingsLanguage'
  | 'settingsSecurity'
  | 'settingsRecovery'
  | 'settingsNetworks'
  | 'settingsExplorers'
  | 'settingsNftImages'
  | 'settingsSites'
  | 'addressBook'
  | 'settingsAbout'
  | 'accounts'
  | 'smartAccount'
  | 'safe'
  | 'addWallet'
  | 'nfts'
  | 'tokens'
  | 'approvals'
  | 'transaction'
  | 'address';

export type ScreenEntry = {
  id: ScreenId;
  path: string;
  /** The screen's name in the navigation and in Settings' list of sections. */
  label: PlainMessageId;
  /** What the screen is for, in one line (Settings lists its sections with it). */
  purpose: PlainMessageId;
  /** Listed in the main navigation (other screens are reached from the header). */
  inNav: boolean;
  /** One of the four on the phone's tab bar (the other listed screens are under More). */
  tab?: true;
  /**
   * The screen this one is a section of. Its path lies under that screen's path, so the main
   * navigation marks that screen current on it.
   */
  sectionOf?: ScreenId;
};

export const screens: readonly ScreenEntry[] = [
  {
    id: 'home',
    path: '/',
    label: 'common:screen.home.label',
    purpose: 'common:screen.home.purpose',
    inNav: true,
    tab: true,
  },
  {
    id: 'send',
    path: '/send',
    label: 'common:screen.send.label',
    purpose: 'common:screen.send.purpose',
    inNav: true,
    tab: true,
  },
  {
    id: 'swap',
    path: '/swap',
    label: 'common:screen.swap.label',
    purpose: 'common:screen.swap.purpose',
    inNav: true,
  },
  {
    id: 'receive',
    path: '/receive',
    label: 'common:screen.receive.label',
    purpose: 'common:screen.receive.purpose',
    inNav: true,
    tab: true,
  },
  {
    id: 'activity',
    path: '/activity',
    label: 'common:screen.activity.label',
    purpose: 'common:screen.activity.purpose',
    inNav: true,
    tab: true,
  },
  {
    id: 'nfts',
    path: '/nfts',
    label: 'common:screen.nfts.label',
    purpose: 'common:screen.nfts.purpose',
    inNav: true,
  },
  {
    id: 'approvals',
    path: '/approvals',
    label: 'common:screen.approvals.label',
    purpose: 'common:screen.approvals.purpose',
    inNav: true,
  },
  {
    id: 'contracts',
    path: '/contracts',
    label: 'common:screen.contracts.label',
    purpose: 'common:screen.contracts.purpose',
    inNav: true,
  },
  {
    id: 'sign',
    path: '/sign',
    label: 'common:screen.sign.label',
    purpose: 'common:screen.sign.purpose',
    inNav: true,
  },
  {
    id: 'settings',
    path: '/settings',
    label: 'common:screen.settings.label',
    purpose: 'common:screen.settings.purpose',
    inNav: true,
  },
  {
    id: 'settingsLanguage',
    path: '/settings/language',
    label: 'common:screen.settingsLanguage.label',
    purpose: 'common:screen.settingsLanguage.purpose',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsSecurity',
    path: '/settings/security',
    label: 'common:screen.settingsSecurity.label',
    purpose: 'common:screen.settingsSecurity.purpose',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsRecovery',
    path: '/settings/recovery',
    label: 'common:screen.settingsRecovery.label',
    purpose: 'common:screen.settingsRecovery.purpose',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsNetworks',
    path: '/settings/networks',
    label: 'common:screen.settingsNetworks.label',
    purpose: 'common:screen.settingsNetworks.purpose',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsExplorers',
    path: '/settings/history-explorers',
    label: 'common:screen.settingsExplorers.label',
    purpose: 'common:screen.settingsExplorers.purpose',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsNftImages',
    path: '/settings/nft-images',
    label: 'common:screen.settingsNftImages.label',
    purpose: 'common:screen.settingsNftImages.purpose',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsSites',
    path: '/settings/sites',
    label: 'common:screen.settingsSites.label',
    purpose: 'common:screen.settingsSites.purpose',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'addressBook',
    path: '/settings/address-book',
    label: 'common:screen.addressBook.label',
    purpose: 'common:screen.addressBook.purpose',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsAbout',
    path: '/settings/about',
    label: 'common:screen.settingsAbout.label',
    purpose: 'common:screen.settingsAbout.purpose',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'tokens',
    path: '/tokens',
    label: 'common:screen.tokens.label',
    purpose: 'common:screen.tokens.purpose',
    inNav: false,
  },
  {
    id: 'accounts',
    path: '/accounts',
    label: 'common:screen.accounts.label',
    purpose: 'common:screen.accounts.purpose',
    inNav: false,
  },
  {
    id: 'smartAccount',
    path: '/accounts/:address/smart-account',
    label: 'common:screen.smartAccount.label',
    purpose: 'common:screen.smartAccount.purpose',
    inNav: false,
  },
  {
    id: 'safe',
    path: '/accounts/:address/safe',
    label: 'common:screen.safe.label',
    purpose: 'common:screen.safe.purpose',
    inNav: false,
  },
  {
    id: 'transaction',
    path: '/tx/:hash',
    label: 'common:screen.transaction.label',
    purpose: 'common:screen.transaction.purpose',
    inNav: false,
  },
  {
    id: 'address',
    path: '/address/:address',
    label: 'common:screen.address.label',
    purpose: 'common:screen.address.purpose',
    inNav: false,
  },
  {
    id: 'addWallet',
    path: '/add-wallet',
    label: 'common:screen.addWallet.label',
    purpose: 'common:screen.addWallet.purpose',
    inNav: false,
  },
];

/** Paths that moved, kept working for the links and bookmarks made before (README, old notes). */
export const movedPaths: readonly { from: string; to: ScreenId }[] = [{ from: '/address-book', to: 'addressBook' }];

export function screen(id: ScreenId): ScreenEntry {
  const entry = screens.find((s) => s.id === id);
  if (!entry) throw new Error(`unknown screen ${id}`);
  return entry;
}

/** A screen's path with its parameters filled in (`:hash` → the hash). */
export function pathTo(id: ScreenId, params: Record<string, string> = {}): string {
  return screen(id).path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The sections of a screen, in the order its index lists them. */
export function sectionsOf(id: ScreenId): ScreenEntry[] {
  return screens.filter((s) => s.sectionOf === id);
}
