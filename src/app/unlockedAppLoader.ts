import type { Namespace } from '@/core/i18n/message';
import type { VaultStatus } from '@/core/vault/vaultState';
import { catalogs as accounts } from '@/features/accounts/catalogs';
import { catalogs as deviceSigning } from '@/features/deviceSigning/catalogs';
import { catalogs as explorer } from '@/features/explorer/catalogs';
import { catalogs as onboarding } from '@/features/onboarding/catalogs';
import { catalogs as settings } from '@/features/settings/catalogs';
import { catalogs as unlock } from '@/features/unlock/catalogs';
import { catalogs as update } from '@/features/update/catalogs';
import { CORE_NAMESPACES, catalogsOf, withNamespaces } from '@/lib/i18n';
import { chainWatch } from './chainWatchLoader';
import { lazyModule } from './lazyModule';

/** The unlocked wallet: routes, navigation, the account in the header (its own chunk). */
export const unlockedApp = lazyModule(() =>
  withNamespaces(import('./UnlockedApp'), [...CORE_NAMESPACES, ...UNLOCKED_NAMESPACES]),
);

/**
 * The catalogs of what the unlocked wallet shows on every screen (account menu, search, device
 * dialog, backup reminder), and of what it may turn into without warning: the unlock screen when
 * it locks (at once, even offline or with the page's timers frozen) and the update notice. Core's
 * come with it too, in case unlock's first screen has not loaded them yet.
 */
const UNLOCKED_NAMESPACES = catalogsOf(
  accounts.AccountMenu,
  explorer.ExplorerSearch,
  deviceSigning.DeviceSigningHost,
  settings.BackupReminder,
  unlock.UnlockScreen,
  update.UpdateNotice,
);

/** The catalogs of the first screen for a vault in this state (set-up's, unlock's; the wallet's load with it). */
export function firstScreenNamespaces(status: VaultStatus): readonly Namespace[] {
  if (status === 'locked') return unlock.UnlockScreen;
  if (status === 'unlocked') return [];
  return onboarding.Onboarding;
}

/** The screen path in the address bar (hash routing), without its query. */
export function currentScreenPath(): string {
  return location.hash.slice(1).split('?')[0] || '/';
}

/**
 * Whether the first screen for a vault in this state can come up before core's catalogs: set-up's
 * choice of ways in and the unlock screen have no words of core's until someone acts, and the
 * node's problems come after the first screen, with the chain watch, which loads core's catalogs
 * with it. (An unreadable vault's screen says why in core's words; an unlocked window, its wallet.)
 */
export function coreWordsLater(status: VaultStatus): boolean {
  return status === 'empty' || status === 'locked';
}

/** Loads the unlocked wallet and the code of the screen the address bar asks for. */
export async function preloadUnlocked(): Promise<void> {
  const app = await unlockedApp.load();
  await app.preloadScreenAt(currentScreenPath());
}

/**
 * Before the first render of a window opened while unlocked (a second tab, a popup), loads the
 * wallet, the screen asked for and the chain status, so its first paint is the whole wallet: a
 * lazy component that suspends makes React 19 hold its fallback for up to 300 ms. Set-up and
 * unlock need nothing: they are in the start-up chunk.
 */
export async function preloadFirstScreen(status: VaultStatus): Promise<void> {
  if (status === 'unlocked') await Promise.all([preloadUnlocked(), chainWatch.load()]);
}
