// Build time only (scripts/build/firstScreenShells.ts loads it through Vite's SSR): the set-up and
// unlock shells in every shipped language, as static HTML for index.html. Never in the bundle.
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { firstScreenShellId, type ShellScreen } from '@/core/build/firstScreenScript';
import { catalogs as onboarding } from '@/features/onboarding/catalogs';
import { catalogs as unlock } from '@/features/unlock/catalogs';
import { catalogsOf, createI18n, I18nProvider, LOCALES, type ShippedLocale } from '@/lib/i18n';
import { FirstScreenShell } from './FirstScreenShell';

const SCREENS: readonly ShellScreen[] = ['setup', 'unlock'];

async function staticMarkup(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

/**
 * The shells' markup without what would repeat or act in a page holding six of them: element ids
 * (and the references to them), Suspense's markers, autofocus.
 */
function inert(html: string): string {
  return html
    .replace(/<!--\/?\$\??-->/g, '')
    .replace(/ (id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, '')
    .replace(/ autofocus=""/g, '');
}

async function renderOne(screen: ShellScreen, locale: ShippedLocale): Promise<string> {
  const i18n = createI18n({ strict: false });
  await i18n.showLocale(locale, catalogsOf(['common'], onboarding.Onboarding, unlock.UnlockScreen));
  const html = await staticMarkup(
    <I18nProvider i18n={i18n}>
      <FirstScreenShell screen={screen} />
    </I18nProvider>,
  );
  return `<div id="${firstScreenShellId(screen, locale)}" lang="${locale}" hidden>${inert(html)}</div>`;
}

/** Every shell, each hidden until the page's first-screen script (firstScreenScript.ts) shows the one it opens on. */
export async function renderShells(): Promise<string> {
  const shells: string[] = [];
  for (const screen of SCREENS) for (const locale of LOCALES) shells.push(await renderOne(screen, locale));
  return shells.join('');
}
