// Settings in sections: an index reached from the main navigation, each section on a route of its
// own (by its link and by keyboard) with the Settings entry still marked current, the list of
// sections beside a section on desktop and a link back to the index on phones, About with this
// build's facts and licences (with no serious axe finding once its list is open), and no sideways
// scrolling at 320 px.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movedPaths, pathTo, screen } from '../src/app/paths.ts';
import { words } from '../src/testing/catalogWords.ts';
import { Settings, settingsSections } from './pages/Settings.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { horizontalOverflow, tabTo } from './support/keyboard.ts';
import { e2eDistDir, projectRoot } from './support/paths.ts';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('Settings in sections', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  async function unlocked(width: number) {
    const { page, consoleErrors } = await demoWalletPage(env, { width, landOn: 'settings' });
    return { page, consoleErrors, settings: new Settings(page) };
  }

  async function expectNoSeriousViolations(page: Page, what: string) {
    const violations = await seriousViolations(page);
    expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
  }

  /** The main navigation's Settings entry (on a phone it sits, hidden, under More). */
  const settingsEntry = (settings: Settings) =>
    settings.shell.nav.getByRole('link', { name: 'Settings', exact: true, includeHidden: true });

  /** Checks the open section: its heading, Settings still current, and the way to the other sections. */
  async function expectSection(settings: Settings, label: string, phone: boolean) {
    await expect.poll(() => settings.shell.heading.textContent()).toBe(label);
    expect(await settingsEntry(settings).getAttribute('aria-current')).toBe('page');
    if (phone) {
      expect(await settings.sectionNav.count()).toBe(0);
      expect(await settings.backLink.isVisible()).toBe(true);
    } else {
      const current = settings.sectionNav.getByRole('link', { name: label, exact: true });
      expect(await current.getAttribute('aria-current')).toBe('page');
      expect(await settings.backLink.count()).toBe(0);
    }
  }

  for (const [width, phone] of [
    [1280, false],
    [360, true],
  ] as const) {
    // Every section's axe scan, in both schemes at both widths, is accessibility.e2e.ts's walk of every screen.
    it(`${width} px: every section by its link and by keyboard, Settings marked current`, async () => {
      const { page, consoleErrors, settings } = await unlocked(width);
      await settings.openIndex();
      expect(await settingsEntry(settings).getAttribute('aria-current')).toBe('page');

      for (const label of settingsSections) {
        // By its link, then back to the index: on a phone by the section's own link back.
        await settings.indexLink(label).click();
        await expectSection(settings, label, phone);
        if (phone) await settings.backLink.click();
        else await settings.shell.goTo('Settings');
        await expect.poll(() => settings.shell.heading.textContent()).toBe('Settings');

        // By keyboard: from the index's heading, Tab to the section's link and press Enter.
        await settings.shell.heading.focus();
        await tabTo(page, settings.indexLink(label));
        await page.keyboard.press('Enter');
        await expectSection(settings, label, phone);
        if (phone) {
          await settings.shell.heading.focus();
          await page.keyboard.press('Shift+Tab');
          expect(await settings.backLink.evaluate((el) => el === document.activeElement)).toBe(true);
          await page.keyboard.press('Enter');
          await expect.poll(() => settings.shell.heading.textContent()).toBe('Settings');
        } else {
          await settings.openIndex();
        }
      }
      expect(consoleErrors).toEqual([]);
    });
  }

  it('on a desktop, the list beside a section leads to the others, by keyboard too', async () => {
    const { page, settings } = await unlocked(1280);
    await settings.open('About');
    for (const label of settingsSections) {
      // Each section's heading takes focus when it opens; the list is just before it.
      await tabTo(page, settings.sectionNav.getByRole('link', { name: label, exact: true }), 'Shift+Tab');
      await page.keyboard.press('Enter');
      await expectSection(settings, label, false);
    }
  });

  it('About shows the version, the commit and the hash of this build, and the licences of what it ships', async () => {
    const { page, settings } = await unlocked(1280);
    const about = await settings.open('About');
    const buildHash = readJson(join(e2eDistDir, 'build-manifest.json')).sha256;
    await about.getByText(buildHash, { exact: true }).waitFor();
    const terms = await about.getByRole('term').allTextContents();
    const definitions = await about.getByRole('definition').allTextContents();
    const facts = Object.fromEntries(terms.map((term, i) => [term, definitions[i] ?? '']));
    expect(facts.Version).toBe(readJson(join(projectRoot, 'package.json')).version);
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).trim();
    expect(facts.Commit?.startsWith(commit)).toBe(true);
    expect(facts['Build hash']).toBe(buildHash);
    // No service worker serves these pages (the tests block them): the key is the server's word, and says so.
    expect(facts['Publisher key']).toContain('as the server’s build-manifest.json names it: no service worker checked');

    const show = about.getByRole('button', { name: 'Third-party packages and their licences' });
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    await show.click();
    expect(await show.getAttribute('aria-expanded')).toBe('true');
    const react = about.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'react', exact: true }) });
    await react.waitFor();
    expect(await react.getByRole('cell').allTextContents()).toEqual([
      readJson(join(projectRoot, 'node_modules/react/package.json')).version,
      'MIT',
    ]);
    // Scoped packages are listed under their full name, once per version shipped (viem's 1.x, and
    // the 2.x of the EVM that verified calls load).
    const noble = about
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: '@noble/curves', exact: true }) });
    const versions = await noble.evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent ?? ''));
    expect(versions.length).toBeGreaterThanOrEqual(1);
    expect(new Set(versions).size).toBe(versions.length);
    await expectNoSeriousViolations(page, 'About with its licence list');
  });

  it('at 320 px no part of Settings scrolls sideways', async () => {
    const { page, settings } = await unlocked(320);
    await settings.openIndex();
    expect(await horizontalOverflow(page)).toBe(0);
    for (const label of settingsSections) {
      await settings.indexLink(label).click();
      await expect.poll(() => settings.shell.heading.textContent()).toBe(label);
      if (label === 'About') {
        await page.getByRole('button', { name: 'Third-party packages and their licences' }).click();
        await page.getByRole('table').waitFor();
      }
      if (label === 'Networks') {
        await page.getByRole('button', { name: 'Add a network' }).click();
        await page.getByRole('form', { name: 'Add a network' }).waitFor();
      }
      expect(await horizontalOverflow(page), label).toBe(0);
      await settings.backLink.click();
    }
  });

  it('the old address-book path and the network menu’s Manage networks lead to their sections', async () => {
    const { page, settings } = await unlocked(1280);
    const moved = movedPaths.find((m) => m.to === 'addressBook');
    await page.goto(`${env.server.url}#${moved?.from}`);
    await expect.poll(() => settings.shell.heading.textContent()).toBe('Address book');
    expect(new URL(page.url()).hash).toBe(`#${pathTo('addressBook')}`);
    expect(await settingsEntry(settings).getAttribute('aria-current')).toBe('page');

    await settings.shell.networkChip.click();
    await page.getByRole('banner').getByRole('link', { name: 'Manage networks', exact: true }).click();
    await expect.poll(() => settings.shell.heading.textContent()).toBe(words('en', screen('settingsNetworks').label));
  });
});
