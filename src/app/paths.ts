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
  | 'accounts'
  | 'addWallet'
  | 'addressBook'
  | 'nfts'
  | 'transaction'
  | 'address';

export type ScreenEntry = {
  id: ScreenId;
  path: string;
  label: string;
  /** What the screen is for (documentation of the registry). */
  purpose: string;
  /** Listed in the main navigation (other screens are reached from the header). */
  inNav: boolean;
  /** One of the four on the phone's tab bar (the other listed screens are under More). */
  tab?: true;
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
    purpose: 'Auto-lock, vault backup, networks and their RPC URLs, explorer keys.',
    inNav: true,
  },
  {
    id: 'accounts',
    path: '/accounts',
    label: 'Accounts',
    purpose: 'Rename, reorder, hide, remove and export your accounts.',
    inNav: false,
  },
  {
    id: 'addressBook',
    path: '/address-book',
    label: 'Address book',
    purpose: 'Named addresses, per network or for every network, used by Send.',
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

export function screen(id: ScreenId): ScreenEntry {
  const entry = screens.find((s) => s.id === id);
  if (!entry) throw new Error(`unknown screen ${id}`);
  return entry;
}

/** A screen's path with its parameters filled in (`:hash` → the hash). */
export function pathTo(id: ScreenId, params: Record<string, string> = {}): string {
  return screen(id).path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
