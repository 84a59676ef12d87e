import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathTo } from '../src/app/paths.ts';
import { AppShell } from './pages/AppShell.ts';
import { E2E_PASSWORD, Onboarding, Unlock } from './pages/Onboarding.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { abortWrites, fillStorage, installStorageFaults } from './support/storageFaults.ts';
import { openStoredVault, readStoredVault, writeStoredVault } from './support/storedVault.ts';

const NEW_PASSWORD = 'harbour violet thunder 93';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const unlockHeading = (page: Page) => page.getByRole('heading', { name: 'Unlock Cairn' });

async function changePassword(page: Page, current: string, next: string) {
  await page.getByLabel('Current password', { exact: true }).fill(current);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm new password', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
}

describe('keeping the vault', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('changes the password: refuses a wrong current one and a weak new one; afterwards only the new one opens it', async () => {
    const { page, context } = await demoWalletPage(env);
    const other = await context.newPage();
    await other.goto(env.server.url);
    await nav(other).waitFor();
    await page.goto(`${env.server.url}#${pathTo('settingsSecurity')}`);
    await changePassword(page, 'not my password', NEW_PASSWORD);
    await expect.poll(() => page.getByText('Wrong password.').isVisible()).toBe(true);
    await changePassword(page, E2E_PASSWORD, 'password1');
    await expect
      .poll(() =>
        page
          .getByText(/too easy to guess|at least/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    expect(await page.getByLabel('Current password', { exact: true }).inputValue()).toBe(E2E_PASSWORD);
    await changePassword(page, E2E_PASSWORD, NEW_PASSWORD);
    await page.getByText('Password changed. Use the new password from now on.').waitFor();
    // The other window kept working through the change: it shares the session.
    expect(await nav(other).isVisible()).toBe(true);

    await other.close();
    await page.reload();
    await Promise.race([unlockHeading(page).waitFor(), nav(page).waitFor()]);
    if (await nav(page).isVisible()) await new AppShell(page).lock();
    await unlockHeading(page).waitFor();
    await new Unlock(page).unlock(E2E_PASSWORD);
    await expect.poll(() => page.getByText('Wrong password.').isVisible()).toBe(true);
    await new Unlock(page).unlock(NEW_PASSWORD);
    await nav(page).waitFor();
  });

  it('a password change cut off before its write commits leaves the stored vault as it was, openable with the old password only', async () => {
    const { page, context } = await env.newPage();
    await installStorageFaults(context);
    await new AppShell(page).open(env.server.url);
    await new Onboarding(page).openDemoWallet();
    const storedBefore = await readStoredVault(page);
    await page.goto(`${env.server.url}#${pathTo('settingsSecurity')}`);
    // The new record's write is aborted before it commits, as when the window or worker writing it goes away.
    await abortWrites(page, ['vault']);
    await changePassword(page, E2E_PASSWORD, NEW_PASSWORD);
    await page.getByText(/The browser refused to save the vault\. Nothing was changed/).waitFor();
    expect(await page.getByText('Password changed. Use the new password from now on.').count()).toBe(0);
    expect(await readStoredVault(page)).toEqual(storedBefore);
    expect((await openStoredVault(page, E2E_PASSWORD)).accounts).toHaveLength(3);

    await abortWrites(page, []);
    await new AppShell(page).lock();
    await new Unlock(page).unlock(NEW_PASSWORD);
    await expect.poll(() => page.getByText('Wrong password.').isVisible()).toBe(true);
    await new Unlock(page).unlock(E2E_PASSWORD);
    await nav(page).waitFor();
  });

  it('when storage is full, a change to the vault or a setting is refused in words and nothing stored changes', async () => {
    const opened = await env.newPage();
    const { page, context } = opened;
    await installStorageFaults(context);
    await new AppShell(page).open(env.server.url);
    await new Onboarding(page).openDemoWallet();
    const storedBefore = await readStoredVault(page);

    await page.goto(`${env.server.url}#/accounts`);
    await fillStorage(page, ['vault', 'settings']);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Demo account 1' }) });
    await card.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Account name').fill('Never saved');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page
      .getByText(/no storage space left for Cairn, so the vault could not be saved\. Nothing was changed/)
      .waitFor();
    expect(await page.getByLabel('Account name').inputValue()).toBe('Never saved');
    expect(await readStoredVault(page)).toEqual(storedBefore);

    await page.goto(`${env.server.url}#/`);
    const hideZero = page.getByLabel('Hide tokens with a zero balance');
    await hideZero.click();
    await expect
      .poll(() => page.getByText(/no storage space left for Cairn, so this change could not be saved/).isVisible())
      .toBe(true);
    await expect.poll(() => hideZero.isChecked()).toBe(false);

    await fillStorage(page, []);
    await new AppShell(page).lock();
    await new Unlock(page).unlock();
    await nav(page).waitFor();
    expect((await new AppShell(page).accountLabels())[0]).toMatch(/^Demo account 1/);
  });

  it('a vault made by a newer Cairn is offered for download and replaced only after that and a confirmation in words', async () => {
    const { page } = await env.newPage();
    await new AppShell(page).open(env.server.url);
    const newer = { format: 'cairn-vault', version: 9, future: { fields: ['kept', 'exactly'] } };
    await writeStoredVault(page, newer);
    await page.reload();
    await page.getByRole('heading', { name: 'The vault saved here was made by a newer version of Cairn' }).waitFor();
    expect(await page.getByRole('button', { name: /^Open demo wallet/ }).count()).toBe(0);

    await page.getByLabel('To confirm, type: replace my vault').fill('replace my vault');
    await page.getByRole('button', { name: 'Replace the saved vault' }).click();
    await expect.poll(() => page.getByRole('alert').last().textContent()).toContain('Download the saved vault first');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the saved vault' }).click();
    const file = await download;
    expect(JSON.parse(readFileSync((await file.path()) ?? '', 'utf8'))).toEqual(newer);
    await page.getByLabel('To confirm, type: replace my vault').fill('yes');
    await page.getByRole('button', { name: 'Replace the saved vault' }).click();
    await expect.poll(() => page.getByRole('alert').last().textContent()).toContain('Type “replace my vault” exactly');
    expect(await readStoredVault(page)).toEqual(newer);

    await page.getByLabel('To confirm, type: replace my vault').fill('replace my vault');
    await page.getByRole('button', { name: 'Replace the saved vault' }).click();
    await page.getByText('Whatever you set up now replaces the vault saved here').waitFor();
    expect(await readStoredVault(page)).toEqual(newer);
    await new Onboarding(page).openDemoWallet();
    expect(await readStoredVault(page)).toMatchObject({ format: 'cairn-vault', version: 3, revision: 1 });
  });

  it('a browser whose storage cannot be opened does not start, says why, and offers no way to create keys', async () => {
    const { page, context } = await env.newPage();
    await context.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', {
        get() {
          throw new DOMException('IndexedDB is disabled for this site', 'InvalidStateError');
        },
      });
    });
    await page.goto(env.server.url);
    await page.getByRole('heading', { name: 'Cairn cannot start in this browser window' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('keys you create or import would be lost');
    expect(await page.getByRole('button').allTextContents()).toEqual(['Reload']);
  });

  it('storage a newer Cairn upgraded is left alone: this version does not start and says so', async () => {
    const { page, context } = await env.newPage();
    await new AppShell(page).open(env.server.url);
    await page.close();
    // A page of Cairn's origin that runs none of Cairn, to upgrade the database as a newer build would.
    const blank = await context.newPage();
    await blank.route('**/e2e-blank.html', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>blank</p>' }),
    );
    await blank.goto(`${env.server.url}/e2e-blank.html`);
    const upgraded = await blank.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const probe = indexedDB.open('cairn');
          probe.onsuccess = () => {
            const next = probe.result.version + 1;
            probe.result.close();
            const open = indexedDB.open('cairn', next);
            open.onsuccess = () => {
              open.result.close();
              resolve(next);
            };
            open.onerror = () => reject(open.error);
            open.onblocked = () => reject(new Error('blocked by an open connection'));
          };
          probe.onerror = () => reject(probe.error);
        }),
    );
    expect(upgraded).toBeGreaterThan(1);
    await blank.goto(env.server.url);
    await blank.getByRole('heading', { name: 'Cairn cannot start in this browser window' }).waitFor();
    expect(await blank.getByRole('alert').textContent()).toContain('saved by a newer version of Cairn');
    expect(await blank.getByRole('button', { name: /^Open demo wallet/ }).count()).toBe(0);
  });

  it('a forgotten password removes the vault only after it is downloaded and the removal confirmed in words', async () => {
    const { page } = await demoWalletPage(env);
    await new AppShell(page).lock();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the saved vault' }).click();
    const saved = JSON.parse(readFileSync((await (await download).path()) ?? '', 'utf8'));
    expect(saved).toEqual(await readStoredVault(page));
    await page.getByLabel('To confirm, type: remove my vault').fill('remove my vault');
    await page.getByRole('button', { name: 'Remove vault and start over' }).click();
    await page.getByRole('heading', { name: 'Welcome to Cairn' }).waitFor();
    expect(await readStoredVault(page)).toBeUndefined();
  });

  /** A new wallet whose phrase the person chose to write down later. */
  async function newWalletBackedUpLater(): Promise<Page> {
    const { page } = await env.newPage();
    await new AppShell(page).open(env.server.url);
    await new Onboarding(page).method('Create a new wallet').click();
    await page.getByRole('button', { name: 'Create recovery phrase' }).click();
    await page.getByRole('button', { name: 'Reveal recovery phrase' }).click();
    await page.getByRole('button', { name: 'Back up later' }).click();
    await page.getByText(/the only copy of this wallet is in this browser/).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await new Onboarding(page).finishWithPassword();
    return page;
  }

  it('reminds, until a backup exists, that the only copy of a new phrase is in this browser, and records the backup', async () => {
    const page = await newWalletBackedUpLater();
    const reminder = page.getByRole('complementary', { name: 'Back up your keys' });
    await reminder.waitFor();
    expect(await reminder.textContent()).toContain(
      'The only copy of the recovery phrase of Account 1 is in this browser',
    );

    await page.goto(`${env.server.url}#${pathTo('settingsSecurity')}`);
    const backups = page.getByRole('list', { name: 'Backups of your keys' });
    expect(await backups.textContent()).toContain('Never backed up: the only copy is in this browser.');
    await page.getByRole('region', { name: 'Storage on this device' }).getByRole('status').first().waitFor();

    const download = page.waitForEvent('download');
    await reminder.getByRole('button', { name: 'Download encrypted backup' }).click();
    await download;
    await expect.poll(() => reminder.count()).toBe(0);
    await expect.poll(() => backups.textContent()).toMatch(/Last backed up on .*: encrypted vault backup saved\./);
  });

  it('the reminder leads in one click to showing the phrase, and showing it is recorded as its backup', async () => {
    const page = await newWalletBackedUpLater();
    const reminder = page.getByRole('complementary', { name: 'Back up your keys' });
    await reminder.getByRole('link', { name: 'Show the recovery phrase' }).click();
    const panel = page.getByRole('region', { name: 'Show recovery phrase' });
    await panel.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await panel.getByRole('button', { name: 'Reveal recovery phrase' }).click();
    await panel.getByRole('button', { name: 'Hide' }).waitFor();
    await expect.poll(() => reminder.count()).toBe(0);
    await page.goto(`${env.server.url}#${pathTo('settingsSecurity')}`);
    await expect
      .poll(() => page.getByRole('list', { name: 'Backups of your keys' }).textContent())
      .toMatch(/Last backed up on .*: recovery phrase shown\./);
  });
});
