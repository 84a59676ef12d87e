// The set-up and unlock screens pre-rendered into index.html (src/app/firstScreen): the right one
// paints from the HTML alone, in the person's language, and the app renders the same screen over it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_HINT_KEY } from '../src/core/build/firstScreenScript.ts';
import { words } from '../src/testing/catalogWords.ts';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

/** Loads the page with none of the app's code allowed to run: what shows is the HTML's own. */
async function openWithoutCode(page: Page, url: string): Promise<void> {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(url);
}

/** The ids of the shells shown (not hidden) in the page. */
const shownShells = (page: Page) =>
  page.locator('[id^="first-screen-"]:not([hidden])').evaluateAll((shells) => shells.map((s) => s.id));

/** The text of the screen inside <main>, line by line, as a person reads it. */
const screenText = (page: Page, scope = 'main') =>
  page
    .locator(scope)
    .first()
    .evaluate((main: HTMLElement) => main.innerText.split('\n').filter(Boolean));

describe('first screen pre-rendered into index.html', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('paints set-up from the HTML alone, in the browser’s language, out of reach until the app comes', async () => {
    const { page } = await env.newPage({ locale: 'de-AT' });
    await openWithoutCode(page, env.server.url);
    expect(await shownShells(page)).toEqual(['first-screen-setup-de']);
    const shell = page.locator('#first-screen-setup-de');
    expect(await shell.locator('h1').textContent()).toBe(words('de', 'onboarding:title.welcome'));
    expect(await shell.getByText(words('de', 'onboarding:method.create.title')).isVisible()).toBe(true);
    // Inert and hidden from assistive technology: nothing in it can be used or announced twice.
    expect(await page.locator('#root > [inert][aria-hidden="true"]').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
  });

  it('is replaced by the same screen from the app, with no policy violation', async () => {
    const { page: bare } = await env.newPage();
    await openWithoutCode(bare, env.server.url);
    const shellLines = await screenText(bare, '#first-screen-setup-en main');

    const { page, consoleErrors } = await env.newPage();
    await page.goto(env.server.url);
    await page.getByRole('heading', { level: 1, name: words('en', 'onboarding:title.welcome') }).waitFor();
    expect(await page.locator('[id^="first-screen-"]').count()).toBe(0);
    // The app's screen adds the demo wallet (a fact of this server's chain, unknown to the HTML) at the end.
    const appLines = await screenText(page);
    expect(appLines.slice(0, shellLines.length)).toEqual(shellLines);
    expect(appLines.slice(shellLines.length).join(' ')).toContain(words('en', 'onboarding:method.demo.title'));
    expect(consoleErrors).toEqual([]);
  });

  it('opens a returning person’s page on the unlock shell, none while a window is unlocked', async () => {
    const { page } = await env.newPage();
    await page.goto(env.server.url);
    await new Onboarding(page).openDemoWallet();
    const hint = await page.evaluate((key) => localStorage.getItem(key), FIRST_SCREEN_HINT_KEY);
    expect(JSON.parse(hint ?? 'null')).toEqual({ screen: 'unlock', locale: 'en', until: expect.any(Number) });
    // A page opening while a window is unlocked joins that session: no unlock screen for a moment.
    const meanwhile = await page.context().newPage();
    await openWithoutCode(meanwhile, env.server.url);
    expect(await shownShells(meanwhile)).toEqual([]);
    await meanwhile.close();

    await new AppShell(page).lock();
    await page.getByRole('heading', { level: 1, name: words('en', 'unlock:title') }).waitFor();
    const later = await page.context().newPage();
    await openWithoutCode(later, env.server.url);
    expect(await shownShells(later)).toEqual(['first-screen-unlock-en']);
    const shellLines = await screenText(later, '#first-screen-unlock-en main');
    expect(shellLines[0]).toBe(words('en', 'unlock:title'));
    await later.close();

    await page.reload();
    await page.getByLabel(words('en', 'unlock:password'), { exact: true }).waitFor();
    expect(await screenText(page)).toEqual(shellLines);
  });
});
