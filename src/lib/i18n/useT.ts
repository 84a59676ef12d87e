import { use, useSyncExternalStore } from 'react';
import { activeLocale, shownWords, subscribeToLocale } from './activeLocale';
import type { Locale } from './locales';
import { loadNamespaces, type Namespace, t } from './runtime';

/** The language shown, re-rendering the component when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeToLocale, activeLocale, activeLocale);
}

/**
 * `t` for a component: re-renders it when the language changes or catalogs it may have shown
 * without come in (core's, after set-up's and unlock's first screen), and suspends it until the
 * namespaces it names are loaded ("common" always is). Screens load theirs with their code, so
 * this waits only for one that forgot to.
 */
export function useT(...namespaces: Namespace[]): typeof t {
  const locale = useLocale();
  useSyncExternalStore(subscribeToLocale, shownWords, shownWords);
  // `use` on every render, loaded or not, with the same promise for the same namespaces: a
  // component that suspended on `use` must call it again, with that promise, when React resumes
  // it. Skipping the call once the namespaces had arrived is misuse React's development build
  // reports (e2e/reactDevelopment.e2e.ts); in production it showed as an occasional error #520.
  if (namespaces.length > 0) use(loadNamespaces(namespaces, locale));
  return t;
}
