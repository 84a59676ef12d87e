import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Namespace } from '@/core/i18n/message';
import { withNamespaces } from '@/lib/i18n';
import type { ScreenEntry, ScreenId } from '../paths';

type ScreenComponent = ComponentType<{ entry: ScreenEntry }>;

/** Where each screen's code lives, and the catalogs it shows beside the shell's. */
const screenCode: Record<ScreenId, [() => Promise<ScreenComponent>, readonly Namespace[]]> = {
  home: [() => import('@/features/portfolio/HomeScreen').then((m) => m.HomeScreen), ['portfolio']],
  receive: [() => import('@/features/receive/ReceiveScreen').then((m) => m.ReceiveScreen), ['receive']],
  settings: [() => import('./SettingsRoutes').then((m) => m.SettingsIndexRoute), ['settings']],
  settingsSecurity: [() => import('./SettingsRoutes').then((m) => m.SecurityRoute), ['settings']],
  settingsNetworks: [() => import('./SettingsRoutes').then((m) => m.NetworksRoute), ['settings']],
  settingsExplorers: [() => import('./SettingsRoutes').then((m) => m.ExplorersRoute), ['settings']],
  settingsNftImages: [() => import('./SettingsRoutes').then((m) => m.NftImagesRoute), ['settings']],
  settingsSites: [() => import('./SettingsRoutes').then((m) => m.ConnectedSitesRoute), ['settings', 'dapp']],
  settingsLanguage: [() => import('./SettingsRoutes').then((m) => m.LanguageRoute), ['settings']],
  addressBook: [() => import('./AddressBookRoute').then((m) => m.AddressBookRoute), ['settings', 'addressBook']],
  settingsAbout: [() => import('./SettingsRoutes').then((m) => m.AboutRoute), ['settings']],
  accounts: [() => import('./AccountsRoute').then((m) => m.AccountsRoute), ['accounts']],
  addWallet: [() => import('./AddWalletRoute').then((m) => m.AddWalletRoute), ['onboarding', 'accounts']],
  send: [() => import('@/features/send/SendScreen').then((m) => m.SendScreen), ['send', 'review']],
  activity: [() => import('@/features/activity/ActivityScreen').then((m) => m.ActivityScreen), ['activity']],
  transaction: [() => import('@/features/explorer/TransactionScreen').then((m) => m.TransactionScreen), ['explorer']],
  address: [() => import('@/features/explorer/AddressScreen').then((m) => m.AddressScreen), ['explorer']],
  nfts: [() => import('@/features/nfts/NftsScreen').then((m) => m.NftsScreen), ['nfts']],
  approvals: [
    () => import('@/features/approvals/ApprovalsScreen').then((m) => m.ApprovalsScreen),
    ['approvals', 'review'],
  ],
  contracts: [() => import('@/features/contracts/ContractsScreen').then((m) => m.ContractsScreen), ['contracts']],
  sign: [() => import('@/features/sign/SignScreen').then((m) => m.SignScreen), ['sign', 'review']],
};

const loaders = Object.fromEntries(
  Object.entries(screenCode).map(([id, [code, namespaces]]) => [id, () => withNamespaces(code(), namespaces)]),
) as Record<ScreenId, () => Promise<ScreenComponent>>;

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
