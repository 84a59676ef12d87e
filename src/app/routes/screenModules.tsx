import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Namespace } from '@/core/i18n/message';
import { catalogs as accounts } from '@/features/accounts/catalogs';
import { catalogs as activity } from '@/features/activity/catalogs';
import { catalogs as addressBook } from '@/features/addressBook/catalogs';
import { catalogs as approvals } from '@/features/approvals/catalogs';
import { catalogs as contracts } from '@/features/contracts/catalogs';
import { catalogs as dapp } from '@/features/dapp/catalogs';
import { catalogs as explorer } from '@/features/explorer/catalogs';
import { catalogs as nfts } from '@/features/nfts/catalogs';
import { catalogs as onboarding } from '@/features/onboarding/catalogs';
import { catalogs as portfolio } from '@/features/portfolio/catalogs';
import { catalogs as receive } from '@/features/receive/catalogs';
import { catalogs as safe } from '@/features/safe/catalogs';
import { catalogs as send } from '@/features/send/catalogs';
import { catalogs as settings } from '@/features/settings/catalogs';
import { catalogs as sign } from '@/features/sign/catalogs';
import { catalogs as smartAccount } from '@/features/smartAccount/catalogs';
import { catalogs as swap } from '@/features/swap/catalogs';
import { catalogsOf, withNamespaces } from '@/lib/i18n';
import type { ScreenEntry, ScreenId } from '../paths';

type ScreenComponent = ComponentType<{ entry: ScreenEntry }>;

/** A section of Settings: its screen's catalogs and its frame's. */
const inSettings = (section: readonly Namespace[]) => catalogsOf(settings.SettingsFrame, section);

/** Where each screen's code lives, and the catalogs it shows beside the shell's (as its feature declares them). */
const screenCode: Record<ScreenId, [() => Promise<ScreenComponent>, readonly Namespace[]]> = {
  home: [() => import('@/features/portfolio/HomeScreen').then((m) => m.HomeScreen), portfolio.HomeScreen],
  receive: [() => import('@/features/receive/ReceiveScreen').then((m) => m.ReceiveScreen), receive.ReceiveScreen],
  settings: [() => import('./SettingsRoutes').then((m) => m.SettingsIndexRoute), settings.SettingsIndex],
  settingsSecurity: [
    () => import('./SettingsRoutes').then((m) => m.SecurityRoute),
    inSettings(settings.SecurityScreen),
  ],
  settingsRecovery: [
    () => import('./SettingsRoutes').then((m) => m.RecoveryRoute),
    inSettings(settings.RecoveryScreen),
  ],
  settingsNetworks: [
    () => import('./SettingsRoutes').then((m) => m.NetworksRoute),
    inSettings(settings.NetworksScreen),
  ],
  settingsExplorers: [
    () => import('./SettingsRoutes').then((m) => m.ExplorersRoute),
    inSettings(settings.ExplorersScreen),
  ],
  settingsNftImages: [
    () => import('./SettingsRoutes').then((m) => m.NftImagesRoute),
    inSettings(settings.NftImagesScreen),
  ],
  settingsSites: [
    () => import('./SettingsRoutes').then((m) => m.ConnectedSitesRoute),
    inSettings(dapp.ConnectedSitesScreen),
  ],
  settingsLanguage: [
    () => import('./SettingsRoutes').then((m) => m.LanguageRoute),
    inSettings(settings.LanguageScreen),
  ],
  addressBook: [
    () => import('./AddressBookRoute').then((m) => m.AddressBookRoute),
    inSettings(addressBook.AddressBookScreen),
  ],
  settingsAbout: [() => import('./SettingsRoutes').then((m) => m.AboutRoute), inSettings(settings.AboutScreen)],
  accounts: [
    () => import('./AccountsRoute').then((m) => m.AccountsRoute),
    catalogsOf(accounts.AccountsScreen, smartAccount.SmartAccountSummary),
  ],
  smartAccount: [
    () => import('@/features/smartAccount/SmartAccountScreen').then((m) => m.SmartAccountScreen),
    smartAccount.SmartAccountScreen,
  ],
  safe: [() => import('@/features/safe/SafeScreen').then((m) => m.SafeScreen), safe.SafeScreen],
  addWallet: [() => import('./AddWalletRoute').then((m) => m.AddWalletRoute), onboarding.Onboarding],
  send: [() => import('@/features/send/SendScreen').then((m) => m.SendScreen), send.SendScreen],
  swap: [() => import('@/features/swap/SwapScreen').then((m) => m.SwapScreen), swap.SwapScreen],
  activity: [() => import('@/features/activity/ActivityScreen').then((m) => m.ActivityScreen), activity.ActivityScreen],
  transaction: [
    () => import('@/features/explorer/TransactionScreen').then((m) => m.TransactionScreen),
    explorer.TransactionScreen,
  ],
  address: [() => import('@/features/explorer/AddressScreen').then((m) => m.AddressScreen), explorer.AddressScreen],
  nfts: [() => import('@/features/nfts/NftsScreen').then((m) => m.NftsScreen), nfts.NftsScreen],
  tokens: [() => import('@/features/portfolio/TokensScreen').then((m) => m.TokensScreen), portfolio.TokensScreen],
  approvals: [
    () => import('@/features/approvals/ApprovalsScreen').then((m) => m.ApprovalsScreen),
    approvals.ApprovalsScreen,
  ],
  contracts: [
    () => import('@/features/contracts/ContractsScreen').then((m) => m.ContractsScreen),
    contracts.ContractsScreen,
  ],
  sign: [() => import('@/features/sign/SignScreen').then((m) => m.SignScreen), sign.SignScreen],
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
