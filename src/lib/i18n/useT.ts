import { use, useSyncExternalStore } from 'react';
import type { Namespace } from '@/core/i18n/message';
import { useI18n } from './context';
import type { Locale } from './locales';
import type { I18n } from './runtime';

/** The language shown, re-rendering the component when it changes. */
export function useLocale(): Locale {
  const i18n = useI18n();
  return useSyncExternalStore(i18n.subscribe, i18n.activeLocale, i18n.activeLocale);
}

/**
 * `t` for a component: re-renders it when the language changes or catalogs it may have shown
 * without come in (core's, after set-up's and unlock's first screen), and suspends it until the
 * namespaces it names are loaded ("common" always is). Screens load theirs with their code, so
 * this waits only for one that forgot to.
 */
export function useT(...namespaces: Namespace[]): I18n['t'] {
  const i18n = useI18n();
  const locale = useSyncExternalStore(i18n.subscribe, i18n.activeLocale, i18n.activeLocale);
  useSyncExternalStore(i18n.subscribe, i18n.wordsVersion, i18n.wordsVersion);
  // `use` on every render, loaded or not, with the same promise for the same namespaces: a
  // component that suspended on `use` must call it again, with that promise, when React resumes
  // it. Skipping the call once the namespaces had arrived is misuse React's development build
  // reports (e2e/reactDevelopment.e2e.ts); in production it showed as an occasional error #520.
  if (namespaces.length > 0) use(i18n.loadNamespaces(namespaces, locale));
  return i18n.t;
}
