import { use, useSyncExternalStore } from 'react';
import { activeLocale, subscribeToLocale } from './activeLocale';
import type { Locale } from './locales';
import { loadNamespaces, type Namespace, namespacesReady, t } from './runtime';

/** The language shown, re-rendering the component when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeToLocale, activeLocale, activeLocale);
}

/**
 * `t` for a component: re-renders it when the language changes, and suspends it until the
 * namespaces it names are loaded (core's and "common" always are). Screens load theirs with
 * their code, so this waits only for one that forgot to.
 */
export function useT(...namespaces: Namespace[]): typeof t {
  const locale = useLocale();
  if (namespaces.length > 0 && !namespacesReady(namespaces, locale)) use(loadNamespaces(namespaces, locale));
  return t;
}
