/**
 * The single registry of Cairn's screens. Navigation, the router and tests read it; no other
 * file types a path by hand.
 */
export type ScreenId =
  | 'home'
  | 'send'
  | 'receive'
  | 'activity'
  | 'contracts'
  | 'sign'
  | 'settings'
  | 'settingsLanguage'
  | 'settingsSecurity'
  | 'settingsNetworks'
  | 'settingsExplorers'
  | 'settingsNftImages'
  | 'settingsSites'
  | 'addressBook'
  | 'settingsAbout'
  | 'accounts'
  | 'addWallet'
  | 'nfts'
  | 'approvals'
  | 'transaction'
  | 'address';

export type ScreenEntry = {
  id: ScreenId;
  path: string;
  label: string;
  /** What the screen is for, in one line (Settings lists its sections with it). */
  purpose: string;
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
    label: 'Home',
    purpose: 'The total and how it moved, a private value chart, and every asset, read from your own node.',
    inNav: true,
    tab: true,
  },
  {
    id: 'send',
    path: '/send',
    label: 'Send',
    purpose: 'Send the native coin or tokens with correct fees, review, tracking, speed-up and cancel.',
    inNav: true,
    tab: true,
  },
  {
    id: 'receive',
    path: '/receive',
    label: 'Receive',
    purpose: 'Your address in full, as text and as a QR code, with the network named.',
    inNav: true,
    tab: true,
  },
  {
    id: 'activity',
    path: '/activity',
    label: 'Activity',
    purpose: 'Complete history from your own records, the node’s logs and an explorer you configure.',
    inNav: true,
    tab: true,
  },
  {
    id: 'nfts',
    path: '/nfts',
    label: 'NFTs',
    purpose: 'The NFTs your account holds, confirmed on chain, and sending one.',
    inNav: true,
  },
  {
    id: 'approvals',
    path: '/approvals',
    label: 'Approvals',
    purpose: 'Who may take your tokens and NFTs, what that puts at risk now, and revoking it.',
    inNav: true,
  },
  {
    id: 'contracts',
    path: '/contracts',
    label: 'Contracts',
    purpose: 'Read and write any contract from its ABI; decode call data.',
    inNav: true,
  },
  {
    id: 'sign',
    path: '/sign',
    label: 'Sign',
    purpose: 'Sign and verify messages and typed data; sign offline and broadcast raw transactions.',
    inNav: true,
  },
  {
    id: 'settings',
    path: '/settings',
    label: 'Settings',
    purpose: 'Security, networks, history explorers, NFT images, the address book, and what this build is.',
    inNav: true,
  },
  {
    id: 'settingsLanguage',
    path: '/settings/language',
    label: 'Language',
    purpose: 'The language Cairn speaks, and how it writes numbers and dates.',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsSecurity',
    path: '/settings/security',
    label: 'Security',
    purpose: 'Auto-lock, your password, the encrypted backup, and whether this browser keeps Cairn’s data.',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsNetworks',
    path: '/settings/networks',
    label: 'Networks',
    purpose: 'The networks Cairn offers and the RPC URLs it reads them through; add your own.',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsExplorers',
    path: '/settings/history-explorers',
    label: 'History explorers',
    purpose: 'An explorer API with your own key, per network, for the coins others sent you.',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsNftImages',
    path: '/settings/nft-images',
    label: 'NFT images',
    purpose: 'Where NFT pictures may be loaded from: an IPFS gateway, the web, or nowhere.',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsSites',
    path: '/settings/sites',
    label: 'Connected sites',
    purpose:
      'The sites connected to Cairn, with their accounts and network, to disconnect; and your anti-phishing phrase.',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'addressBook',
    path: '/settings/address-book',
    label: 'Address book',
    purpose: 'Named addresses, per network or for every network, used by Send.',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'settingsAbout',
    path: '/settings/about',
    label: 'About',
    purpose: 'This build’s version and commit, and the licences of the code it ships.',
    inNav: false,
    sectionOf: 'settings',
  },
  {
    id: 'accounts',
    path: '/accounts',
    label: 'Accounts',
    purpose: 'Rename, reorder, hide, remove and export your accounts.',
    inNav: false,
  },
  {
    id: 'transaction',
    path: '/tx/:hash',
    label: 'Transaction',
    purpose: 'One transaction in full: status, fees, decoded call and events.',
    inNav: false,
  },
  {
    id: 'address',
    path: '/address/:address',
    label: 'Address',
    purpose: 'Any address: balance, nonce, code, tokens and your dealings with it.',
    inNav: false,
  },
  {
    id: 'addWallet',
    path: '/add-wallet',
    label: 'Add wallet',
    purpose: 'Create or import another wallet, or watch an address.',
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
