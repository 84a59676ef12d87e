// A browser profile with Cairn's companion extension loaded unpacked from the build under test
// (<dist>/extension): a persistent context, as extensions need, headless with Debian's Chromium.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { screen } from '../../src/app/paths.ts';
import type { Chrome, RegisteredScript } from '../../src/extension/chromeApi.ts';
import { contentScriptsFor } from '../../src/extension/registrations.ts';
import { type ExtensionSettings, readSettings } from '../../src/extension/settings.ts';
import { AppShell } from '../pages/AppShell.ts';
import { Onboarding } from '../pages/Onboarding.ts';
import { chromiumArgs, chromiumPath } from './browser.ts';
import { collectConsoleProblems } from './environment.ts';
import { e2eDistDir } from './paths.ts';

export const extensionDir = join(e2eDistDir, 'extension');

/** What decides which page gets which script, comparable. */
const registered = (scripts: readonly RegisteredScript[]) =>
  JSON.stringify(
    scripts
      // Chromium keeps each list of patterns sorted.
      .map(({ id, js, matches, excludeMatches }) => ({
        id,
        js,
        matches: [...matches].sort(),
        excludeMatches: [...(excludeMatches ?? [])].sort(),
      }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  );

export type ExtensionProfile = {
  context: BrowserContext;
  /** The extension's background (its service worker). */
  background: Worker;
  /** Sets the extension's settings as its options page stores them, and waits for them to apply. */
  configure(settings: Partial<ExtensionSettings>): Promise<void>;
  close(): Promise<void>;
};

/** A fresh profile with the extension, set to talk to the Cairn at `walletUrl`. */
export async function extensionProfile(walletUrl: string): Promise<ExtensionProfile> {
  const profile = await mkdtemp(join(tmpdir(), 'cairn-extension-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
  const background = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const configure = async (settings: Partial<ExtensionSettings>) => {
    const stored = await background.evaluate(
      async () => (await (globalThis as unknown as { chrome: Chrome }).chrome.storage.local.get('settings')).settings,
    );
    const next = { ...readSettings(stored), ...settings };
    const wanted = registered(contentScriptsFor(next));
    await background.evaluate(
      (value) => (globalThis as unknown as { chrome: Chrome }).chrome.storage.local.set({ settings: value }),
      next,
    );
    // The background registers the main-world scripts again for the new settings: wait for them.
    const now = () =>
      background.evaluate(() =>
        (globalThis as unknown as { chrome: Chrome }).chrome.scripting.getRegisteredContentScripts(),
      );
    for (let tries = 0; registered(await now()) !== wanted; tries++) {
      if (tries === 100) throw new Error(`The extension did not register ${wanted} in 10 s.`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await configure({
    wallet: walletUrl,
    takeOver: { all: false, except: [] },
    compat: { all: true, except: [] },
  });
  return {
    context,
    background,
    configure,
    async close() {
      await context.close().catch(() => {});
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The demo wallet set up in Cairn in the extension's profile; returns Cairn's page and its console problems. */
export async function demoWalletIn(
  context: BrowserContext,
  walletUrl: string,
): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  collectConsoleProblems(page, errors);
  // On the sites screen, not Home: its reads at each block would only slow the extension's tests.
  await new AppShell(page).open(walletUrl, screen('settingsSites'));
  await new Onboarding(page).openDemoWallet();
  return { page, errors };
}

/** The Cairn windows open in `context` (dapp.html with a fragment, as the extension opens them). */
export const cairnWindowsIn = (context: BrowserContext): Page[] =>
  context.pages().filter((page) => page.url().includes('/dapp.html#'));
