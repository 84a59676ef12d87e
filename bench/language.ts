// Cairn in other languages: how large each language's catalogs are (the first screen's chunk and
// the rest), and how long a change of language takes in Settings, beside a change of screen in
// the same page as the baseline. Figures only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { Onboarding } from '../e2e/pages/Onboarding.ts';
import { type CatalogLocale, words } from '../src/testing/catalogWords.ts';
import { type BenchRun, sized } from './benchRun.ts';
import type { Held } from './held.ts';
import { startBenchStage } from './stage.ts';
import { median } from './stats.ts';

const LOCALES = ['en', 'de', 'es'] as const;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function catalogSizes(appDir: string): string[] {
  const assets = join(appDir, 'assets');
  const files = readdirSync(assets).filter((f) => /^messages-.*\.js$/.test(f));
  const gzip = (file: string) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  return LOCALES.map((locale) => {
    const start = files.filter((f) => f.startsWith(`messages-${locale}-start-`));
    const core = files.filter((f) => f.startsWith(`messages-${locale}-core-`));
    const rest = files.filter((f) => f.startsWith(`messages-${locale}-`) && !start.includes(f) && !core.includes(f));
    const size = (chunks: string[]) => kb(chunks.reduce((sum, f) => sum + gzip(f), 0));
    return `  ${locale}: first screen's catalogs ${size(start)} gzip in ${start.length} file; core's ${size(core)} (just after set-up's or unlock's first screen); the other ${rest.length} catalogs ${size(rest)} (each loads with its screen)`;
  });
}

type BenchWindow = Window & {
  /** Waits until `<html lang>` is `lang` and the heading reads `text`; ms since `start`. */
  benchShown(lang: string, text: string, start: number, what: string): Promise<number>;
};

/** Puts benchShown in the page (it stays: screens change by hash, without a reload). */
function installWait(page: Page): Promise<void> {
  return page.evaluate(() => {
    (window as unknown as BenchWindow).benchShown = async (lang, text, start, what) => {
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      while (document.documentElement.lang !== lang || document.querySelector('h1')?.textContent !== text) {
        // A frame, or 50 ms if frames stop (a headless page sometimes gets none for a while).
        await new Promise((r) => {
          requestAnimationFrame(r);
          setTimeout(r, 50);
        });
        if (performance.now() - start > 10_000)
          throw new Error(
            `${what} did not show "${text}" in ${lang} within 10 s (at ${location.hash}, lang ${document.documentElement.lang}, headings: ${[...document.querySelectorAll('h1')].map((h) => h.textContent).join(' | ')})`,
          );
      }
      return performance.now() - start;
    };
  });
}

/** Picks a language in Settings → Language; ms until the page shows it (lang set, heading in it). */
function switchTo(page: Page, locale: CatalogLocale): Promise<number> {
  return page.evaluate(
    async ([wanted, text]) => {
      const select = document.querySelector<HTMLSelectElement>('main select');
      if (!select) throw new Error('not on the Language screen');
      const start = performance.now();
      select.value = wanted;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return (window as unknown as BenchWindow).benchShown(wanted, text, start, `the change to ${wanted}`);
    },
    [locale, words(locale, 'settings:language.title')] as const,
  );
}

/** Goes to a settings screen by its hash (in English); ms until its heading is drawn. */
function navigate(
  page: Page,
  hash: string,
  id: 'settings:language.title' | 'settings:security.title',
): Promise<number> {
  return page.evaluate(
    async ([target, text]) => {
      const start = performance.now();
      location.hash = target;
      return (window as unknown as BenchWindow).benchShown('en', text, start, target);
    },
    [hash, words('en', id)] as const,
  );
}

export async function benchLanguage(run: BenchRun, held: Held): Promise<string> {
  const { appDir } = run;
  const RUNS = sized(run, 9, 1);
  const stage = await startBenchStage(run, held);
  const context = await stage.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(stage.app.url);
  await new Onboarding(page).openDemoWallet();
  await page.goto(`${stage.app.url}#/settings/language`);
  await page.locator('main select').waitFor();
  await installWait(page);

  const first: Record<string, number> = {};
  first.de = await switchTo(page, 'de');
  first.es = await switchTo(page, 'es');
  const warm: number[] = [];
  const order: CatalogLocale[] = ['en', 'de', 'es'];
  for (let i = 0; i < RUNS; i++) warm.push(await switchTo(page, order[i % 3] ?? 'en'));
  await switchTo(page, 'en');
  const screens: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    screens.push(await navigate(page, '#/settings/security', 'settings:security.title'));
    screens.push(await navigate(page, '#/settings/language', 'settings:language.title'));
  }
  const warmMedian = median(warm);
  const screenMedian = median(screens);
  await context.close();
  return [
    'Languages: catalog sizes (built app) and changing language in Settings (headless Chromium, demo wallet unlocked)',
    ...catalogSizes(appDir),
    `  first change to German           ${first.de?.toFixed(1)} ms (loads German's first-screen catalogs and the open screens')`,
    `  first change to Spanish          ${first.es?.toFixed(1)} ms`,
    `  change to a language loaded before  median ${warmMedian.toFixed(1)} ms of ${RUNS} [${warm.map((t) => t.toFixed(0)).join(', ')}]`,
    `  baseline: change of screen       median ${screenMedian.toFixed(1)} ms of ${screens.length}   ratio ${(warmMedian / screenMedian).toFixed(2)}×`,
  ].join('\n');
}
