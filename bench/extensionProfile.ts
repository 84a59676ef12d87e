// Two browser profiles for the extension bench (bench/extension.ts): persistent contexts, headless
// with Debian's Chromium, one with Cairn's companion extension loaded unpacked from the build under
// test and one without, launched alike otherwise. As e2e/support/extension.ts does, the extension's
// settings are written to its storage and the bench waits until its background registered the
// main-world scripts for them (before that, pages get no inpage.js).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../e2e/support/browser.ts';
import type { Chrome, RegisteredScript } from '../src/extension/chromeApi.ts';
import { contentScriptsFor } from '../src/extension/registrations.ts';
import { defaultSettings, SETTINGS_KEY } from '../src/extension/settings.ts';
import type { Held } from './held.ts';
import { until, within } from './wait.ts';

/** What decides which page gets which script, comparable (Chromium keeps each list of patterns sorted). */
const registered = (scripts: readonly RegisteredScript[]) =>
  JSON.stringify(
    scripts
      .map(({ id, js, matches, excludeMatches }) => ({
        id,
        js,
        matches: [...matches].sort(),
        excludeMatches: [...(excludeMatches ?? [])].sort(),
      }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  );

type ChromeGlobal = { chrome: Chrome };

/**
 * A fresh headless profile; with `extensionDir`, that unpacked extension loaded and set to talk to
 * the Cairn at `walletUrl` (its defaults otherwise), its scripts registered.
 */
export async function openProfile(
  held: Held,
  options: { extensionDir?: string; walletUrl: string },
): Promise<BrowserContext> {
  const dir = await held.open(mkdtemp(join(tmpdir(), 'cairn-bench-profile-')), (path) =>
    rm(path, { recursive: true, force: true }),
  );
  const extension = options.extensionDir
    ? [`--disable-extensions-except=${options.extensionDir}`, `--load-extension=${options.extensionDir}`]
    : [];
  const context = await held.open(
    chromium.launchPersistentContext(dir, {
      executablePath: chromiumPath,
      headless: true,
      args: [...chromiumArgs, ...extension],
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    }),
    (opened) => opened.close(),
  );
  if (!options.extensionDir) return context;
  const background =
    context.serviceWorkers()[0] ??
    (await within("the extension's background to start", 10_000, context.waitForEvent('serviceworker')));
  const settings = defaultSettings(options.walletUrl);
  await background.evaluate(
    ([key, value]) => (globalThis as unknown as ChromeGlobal).chrome.storage.local.set({ [key]: value }),
    [SETTINGS_KEY, settings] as const,
  );
  const wanted = registered(contentScriptsFor(settings));
  await until("the extension's main-world scripts to be registered", 10_000, async () => {
    const now = await background.evaluate(() =>
      (globalThis as unknown as ChromeGlobal).chrome.scripting.getRegisteredContentScripts(),
    );
    return registered(now) === wanted;
  });
  return context;
}
