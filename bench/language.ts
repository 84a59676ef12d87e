// Cairn in other languages: how large each language's catalogs are (the first screen's chunk and
// the rest), and how long a change of language takes in Settings, beside a change of screen in
// the same page as the baseline. Figures only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { Onboarding } from '../e2e/pages/Onboarding.ts';
import { startBenchStage } from './stage.ts';
import { median } from './stats.ts';

const RUNS = 9;
const LOCALES = ['en', 'de', 'es'] as const;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function catalogSizes(appDir: string): string[] {
  const assets = join(appDir, 'assets');
  const files = readdirSync(assets).filter((f) => /^messages-.*\.js$/.test(f));
  const gzip = (file: string) => gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  return LOCALES.map((locale) => {
    const start = files.filter((f) => f.startsWith(`messages-${locale}-start-`));
    const rest = files.filter((f) => f.startsWith(`messages-${locale}-`) && !start.includes(f));
    const startSize = start.reduce((sum, f) => sum + gzip(f), 0);
    const restSize = rest.reduce((sum, f) => sum + gzip(f), 0);
    return `  ${locale}: first screen's catalogs ${kb(startSize)} gzip in ${start.length} file; the other ${rest.length} catalogs ${kb(restSize)} (each loads with its screen)`;
  });
}

/** Picks a language in Settings → Language; ms until the page shows it (lang set, heading redrawn). */
function switchTo(page: Page, locale: string): Promise<number> {
  return page.evaluate(async (wanted) => {
    const select = document.querySelector<HTMLSelectElement>('main select');
    const heading = document.querySelector('h1');
    if (!select || !heading) throw new Error('not on the Language screen');
    const before = heading.textContent;
    const start = performance.now();
    select.value = wanted;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    while (document.documentElement.lang !== wanted || (wanted !== 'en' && heading.textContent === before)) {
      // A frame, or 50 ms if frames stop (a headless page sometimes gets none for a while).
      await new Promise((r) => {
        requestAnimationFrame(r);
        setTimeout(r, 50);
      });
      if (performance.now() - start > 10_000) throw new Error(`the page did not change to ${wanted} in 10 s`);
    }
    return performance.now() - start;
  }, locale);
}

/** Goes to a screen by its hash; ms until its heading is drawn. */
function navigate(page: Page, hash: string): Promise<number> {
  return page.evaluate(async (target) => {
    const start = performance.now();
    const before = document.querySelector('h1')?.textContent;
    location.hash = target;
    while (document.querySelector('h1')?.textContent === before) {
      await new Promise((r) => {
        requestAnimationFrame(r);
        setTimeout(r, 50);
      });
      if (performance.now() - start > 10_000)
        throw new Error(
          `${target} drew no new heading in 10 s (at ${location.hash}, lang ${document.documentElement.lang}, headings: ${[...document.querySelectorAll('h1')].map((h) => h.textContent).join(' | ')}; before: ${before})`,
        );
    }
    return performance.now() - start;
  }, hash);
}

export async function benchLanguage(appDir: string): Promise<string> {
  const stage = await startBenchStage(appDir);
  try {
    const context = await stage.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(stage.app.url);
    await new Onboarding(page).openDemoWallet();
    await page.goto(`${stage.app.url}#/settings/language`);
    await page.locator('main select').waitFor();

    const first: Record<string, number> = {};
    first.de = await switchTo(page, 'de');
    first.es = await switchTo(page, 'es');
    const warm: number[] = [];
    const order = ['en', 'de', 'es'];
    for (let run = 0; run < RUNS; run++) warm.push(await switchTo(page, order[run % 3] ?? 'en'));
    await switchTo(page, 'en');
    const screens: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      screens.push(await navigate(page, '#/settings/security'));
      screens.push(await navigate(page, '#/settings/language'));
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
  } finally {
    await stage.close();
  }
}
