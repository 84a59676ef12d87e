import { createContext, type ReactNode, useContext } from 'react';
import { installedI18n } from './installed';
import type { I18n } from './runtime';

const I18nContext = createContext<I18n | undefined>(undefined);

/** Hands the page's catalogs runtime to the components below. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

/**
 * The catalogs runtime of the page: the provider's, or, for a component rendered on its own (a
 * test rendering one component), the one installed at start.
 */
export function useI18n(): I18n {
  return useContext(I18nContext) ?? installedI18n();
}
