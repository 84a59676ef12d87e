// Which language the page shows: the one chosen in Settings (shared by every window of the
// profile), else the browser's. Followed live: a choice made in another window, or a change of
// the browser's languages, switches this page too.
import type { Namespace } from '@/core/i18n/message';
import type { SessionStore } from '@/core/session/sessionStore';
import { catalogs as network } from '@/features/network/catalogs';
import { catalogsOf, type I18n, isLocaleChoice, type Locale, resolveLocale } from '@/lib/i18n';

/** The catalogs every page shows at once: the shell's and its network menu's and local-chain notice's. */
const SHELL_NAMESPACES = catalogsOf(['common'], network.NetworkMenu, network.LocalChainNotice);

function wantedLocale(store: SessionStore): Locale {
  const choice = store.getState().language;
  return resolveLocale(isLocaleChoice(choice) ? choice : 'browser', navigator.languages);
}

/** The page's title (the browser's tab, the window list) in the language shown. */
function retitle(i18n: I18n): void {
  document.title = i18n.t('common:page.title');
}

/**
 * Loads the page's first catalogs in its language and shows it; from then on follows the
 * person's choice and the browser's languages. With `coreLater` (a first screen whose own words
 * are not core's), core's catalogs are left for the chain watch, which brings them just after
 * that screen is up (chainWatchLoader.ts).
 */
export async function startLanguage(
  i18n: I18n,
  store: SessionStore,
  namespaces: readonly Namespace[],
  { coreLater = false } = {},
): Promise<void> {
  const follow = () => void i18n.showLocale(wantedLocale(store)).then(() => retitle(i18n));
  store.subscribe((state, before) => {
    if (state.language !== before.language) follow();
  });
  window.addEventListener('languagechange', follow);
  await i18n.showLocale(wantedLocale(store), [...SHELL_NAMESPACES, ...namespaces], { coreLater });
  retitle(i18n);
}
