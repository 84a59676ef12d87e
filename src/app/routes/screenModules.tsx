import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenEntry, ScreenId } from '../paths';

type ScreenComponent = ComponentType<{ entry: ScreenEntry }>;

/** Where each screen's code lives. */
const loaders: Record<ScreenId, () => Promise<ScreenComponent>> = {
  home: () => import('@/features/portfolio/HomeScreen').then((m) => m.HomeScreen),
  receive: () => import('@/features/receive/ReceiveScreen').then((m) => m.ReceiveScreen),
  settings: () => import('./SettingsRoutes').then((m) => m.SettingsIndexRoute),
  settingsSecurity: () => import('./SettingsRoutes').then((m) => m.SecurityRoute),
  settingsNetworks: () => import('./SettingsRoutes').then((m) => m.NetworksRoute),
  settingsExplorers: () => import('./SettingsRoutes').then((m) => m.ExplorersRoute),
  settingsNftImages: () => import('./SettingsRoutes').then((m) => m.NftImagesRoute),
  settingsSites: () => import('./SettingsRoutes').then((m) => m.ConnectedSitesRoute),
  addressBook: () => import('./AddressBookRoute').then((m) => m.AddressBookRoute),
  settingsAbout: () => import('./SettingsRoutes').then((m) => m.AboutRoute),
  accounts: () => import('./AccountsRoute').then((m) => m.AccountsRoute),
  addWallet: () => import('./AddWalletRoute').then((m) => m.AddWalletRoute),
  send: () => import('@/features/send/SendScreen').then((m) => m.SendScreen),
  activity: () => import('@/features/activity/ActivityScreen').then((m) => m.ActivityScreen),
  transaction: () => import('@/features/explorer/TransactionScreen').then((m) => m.TransactionScreen),
  address: () => import('@/features/explorer/AddressScreen').then((m) => m.AddressScreen),
  nfts: () => import('@/features/nfts/NftsScreen').then((m) => m.NftsScreen),
  approvals: () => import('@/features/approvals/ApprovalsScreen').then((m) => m.ApprovalsScreen),
  contracts: () => import('@/features/contracts/ContractsScreen').then((m) => m.ContractsScreen),
  sign: () => import('@/features/sign/SignScreen').then((m) => m.SignScreen),
};

const loaded = new Map<ScreenId, ScreenComponent>();
const lazies = new Map<ScreenId, LazyExoticComponent<ScreenComponent>>();

/** Loads a screen's code ahead of time (e.g. while the unlock screen is showing). */
export async function preloadScreen(id: ScreenId): Promise<ScreenComponent> {
  const component = loaded.get(id) ?? (await loaders[id]());
  loaded.set(id, component);
  return component;
}

/**
 * Renders a screen, loading its code on first use. A screen already loaded renders at once:
 * React 19 holds a suspense fallback for up to 300 ms, which preloading avoids.
 */
export function RouteScreen({ entry }: { entry: ScreenEntry }) {
  const Loaded = loaded.get(entry.id);
  if (Loaded) return <Loaded entry={entry} />;
  let Lazy = lazies.get(entry.id);
  if (!Lazy) {
    Lazy = lazy(() => preloadScreen(entry.id).then((component) => ({ default: component })));
    lazies.set(entry.id, Lazy);
  }
  return <Lazy entry={entry} />;
}
