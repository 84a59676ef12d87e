// Which language the page shows: the one chosen in Settings (shared by every window of the
// profile), else the browser's. Followed live: a choice made in another window, or a change of
// the browser's languages, switches this page too.
import type { Namespace } from '@/core/i18n/message';
import type { SessionStore } from '@/core/session/sessionStore';
import { isLocaleChoice, type Locale, resolveLocale, showLocale, t } from '@/lib/i18n';

/** The catalogs every page shows at once: the shell's and the network status's. */
const SHELL_NAMESPACES: readonly Namespace[] = ['common', 'network'];

function wantedLocale(store: SessionStore): Locale {
  const choice = store.getState().language;
  return resolveLocale(isLocaleChoice(choice) ? choice : 'browser', navigator.languages);
}

/** The page's title (the browser's tab, the window list) in the language shown. */
function retitle(): void {
  document.title = t('common:page.title');
}

/**
 * Loads the page's first catalogs in its language and shows it; from then on follows the
 * person's choice and the browser's languages. With `coreLater` (a first screen whose own words
 * are not core's), core's catalogs are left for the chain watch, which brings them just after
 * that screen is up (chainWatchLoader.ts).
 */
export async function startLanguage(
  store: SessionStore,
  namespaces: readonly Namespace[],
  { coreLater = false } = {},
): Promise<void> {
  const follow = () => void showLocale(wantedLocale(store)).then(retitle);
  store.subscribe((state, before) => {
    if (state.language !== before.language) follow();
  });
  window.addEventListener('languagechange', follow);
  await showLocale(wantedLocale(store), [...SHELL_NAMESPACES, ...namespaces], { coreLater });
  retitle();
}
