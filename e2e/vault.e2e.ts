import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from './pages/AppShell.ts';
import { E2E_PASSWORD, Onboarding, Unlock } from './pages/Onboarding.ts';
import { Settings } from './pages/Settings.ts';
import { type Environment, startEnvironment } from './support/environment.ts';
import { recordProgress } from './support/progress.ts';

describe('vault: create, back up, lock, unlock', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('creates a wallet only after the backup check, then locks and unlocks', async () => {
    const { page } = await env.newPage();
    const progressSeen = await recordProgress(page);
    const shell = new AppShell(page);
    const onboarding = new Onboarding(page);
    await shell.open(env.server.url);
    await onboarding.method('Create a new wallet').click();
    await page.getByRole('button', { name: 'Create recovery phrase' }).click();

    // The phrase stays hidden until asked for, and Continue needs the written-down box.
    expect(await page.getByRole('list', { name: 'Recovery phrase' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Reveal recovery phrase' }).click();
    const words = (
      await page.getByRole('list', { name: 'Recovery phrase' }).getByRole('listitem').allTextContents()
    ).map((t) => t.replace(/^\d+/, ''));
    expect(words).toHaveLength(12);
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('Write the phrase down first');
    await page.getByLabel('I have written down the 12 words in order.').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Optional passphrase step: warning shown when enabled; continue without.
    await page.getByLabel('Use a BIP39 passphrase (advanced)').check();
    expect(await page.getByText(/lost for good/).isVisible()).toBe(true);
    await page.getByLabel('Use a BIP39 passphrase (advanced)').uncheck();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Three random words; a wrong one is refused and keeps what was typed.
    const labels = await page
      .getByLabel(/^Word \d+$/)
      .evaluateAll((els) => els.map((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? ''));
    expect(labels).toHaveLength(3);
    const positions = labels.map((l) => Number(l.replace('Word ', '')) - 1);
    expect(new Set(positions).size).toBe(3);
    await page.getByLabel(labels[0] ?? '', { exact: true }).fill('wrongword');
    for (const [k, label] of labels.entries())
      if (k > 0) await page.getByLabel(label, { exact: true }).fill(words[positions[k] ?? 0] ?? '');
    await page.getByRole('button', { name: 'Confirm' }).click();
    expect(await page.getByRole('alert').textContent()).toContain(`Word ${(positions[0] ?? 0) + 1} does not match`);
    expect(await page.getByLabel(labels[1] ?? '', { exact: true }).inputValue()).toBe(words[positions[1] ?? 0]);
    await page.getByLabel(labels[0] ?? '', { exact: true }).fill(words[positions[0] ?? 0] ?? '');
    await page.getByRole('button', { name: 'Confirm' }).click();

    // A weak password is refused with the reason; a strong one creates the vault.
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await page.getByLabel('Confirm password', { exact: true }).fill('password1');
    await page.getByRole('button', { name: 'Create vault' }).click();
    await expect.poll(() => page.getByText(/too easy to guess/).isVisible()).toBe(true);
    await onboarding.finishWithPassword();
    await shell.nav.waitFor();
    await shell.accountChip.waitFor();
    expect(await shell.accountLabels()).toEqual([expect.stringMatching(/^Account 1 — 0x[0-9a-fA-F]{4}…/)]);

    await new AppShell(page).lock();
    await page.getByRole('heading', { name: 'Unlock Cairn' }).waitFor();
    expect(await shell.nav.count()).toBe(0);
    const unlock = new Unlock(page);
    await unlock.unlock('not the password');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toBe('Wrong password.');
    await unlock.unlock();
    await shell.nav.waitFor();
    // Each key derivation said what it did while it ran, under way (it cannot say how far).
    const seen = await progressSeen();
    const creating = 'Encrypting your vault with this password (slow on purpose, so guessing is slow too)';
    const unlocking =
      'Turning your password into the vault’s key (slow on purpose, so guessing is slow too), then opening the vault';
    expect(seen).toContainEqual({ name: creating, value: null });
    expect(seen).toContainEqual({ name: unlocking, value: null });
    expect(await page.getByRole('progressbar').count()).toBe(0);
  });

  it('offers the demo wallet only on the embedded local chain', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    const demo = page.getByRole('button', { name: /^Open demo wallet/ });
    await shell.open(env.server.url);
    await demo.waitFor();
    await shell.chooseNetwork('Ethereum');
    await expect.poll(() => demo.count()).toBe(0);
    await shell.chooseNetwork('Local chain');
    await demo.waitFor();
  });

  it('keeps the vault across a reload, starting locked', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await new Onboarding(page).openDemoWallet();
    await page.reload();
    await page.getByRole('heading', { name: 'Unlock Cairn' }).waitFor();
    await new Unlock(page).unlock();
    await shell.nav.waitFor();
    await new AppShell(page).accountChip.waitFor();
    const options = await new AppShell(page).accountLabels();
    expect(options).toEqual([
      'Demo account 1 — 0xf39F…2266 (public test key)',
      'Demo account 2 — 0x7099…79C8 (public test key)',
      'Demo account 3 — 0x3C44…93BC (public test key)',
    ]);
    expect(await page.getByText('Public test key', { exact: true }).first().isVisible()).toBe(true);
  });

  it('makes the 6th wrong password wait', async () => {
    const { page } = await env.newPage();
    await new AppShell(page).open(env.server.url);
    await new Onboarding(page).openDemoWallet();
    await new AppShell(page).lock();
    const unlock = new Unlock(page);
    const button = page.getByRole('button', { name: 'Unlock', exact: true });
    for (let i = 0; i < 5; i++) {
      expect(await page.getByText(/You can try again/).count(), `before try ${i + 1}`).toBe(0);
      await unlock.unlock(`wrong ${i}`);
      await button.waitFor();
      await expect.poll(() => page.getByText('Wrong password.').isVisible()).toBe(true);
    }
    // Five wrong passwords: the sixth try has to wait.
    await expect.poll(() => page.getByText(/You can try again in \d+ s/).isVisible()).toBe(true);
    expect(await button.isDisabled()).toBe(true);
  });

  it('locks itself after the configured idle time (on by default at 15 minutes)', async () => {
    const { page } = await env.newPage();
    await page.clock.install();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await new Onboarding(page).openDemoWallet();
    const select = (await new Settings(page).open('Security')).getByLabel('Lock automatically after');
    expect(await select.inputValue()).toBe('15');
    await page.clock.fastForward(14 * 60_000);
    expect(await shell.nav.isVisible()).toBe(true);
    await select.selectOption('1');
    await page.clock.fastForward(61_000);
    await page.getByRole('heading', { name: 'Unlock Cairn' }).waitFor();
    expect(await page.getByText('Cairn locked itself after a period without activity.').isVisible()).toBe(true);
    await new Unlock(page).unlock(E2E_PASSWORD);
    await shell.nav.waitFor();
  });

  it('marks every secret input so browsers do not store, spell-check or capitalise it', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    const onboarding = new Onboarding(page);
    const secretInputs = () =>
      page.locator('input[type=password]').evaluateAll((els) =>
        els.map((el) => ({
          autocomplete: el.getAttribute('autocomplete'),
          spellcheck: el.getAttribute('spellcheck'),
          autocapitalize: el.getAttribute('autocapitalize'),
        })),
      );
    const expectSafe = async (where: string, atLeast: number) => {
      const inputs = await secretInputs();
      expect(inputs.length, where).toBeGreaterThanOrEqual(atLeast);
      for (const input of inputs)
        expect(input, where).toEqual({ autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off' });
    };
    await shell.open(env.server.url);
    await onboarding.method('Import a recovery phrase').click();
    await page.getByRole('heading', { name: 'Import a recovery phrase' }).waitFor();
    await expectSafe('phrase words', 12);
    await page.getByLabel('Use a BIP39 passphrase (advanced)').check();
    await expectSafe('phrase words and passphrase', 13);
    await page.getByRole('button', { name: 'Back' }).click();
    await onboarding.method('Import a private key').click();
    await page.getByRole('heading', { name: 'Import a private key' }).waitFor();
    await expectSafe('private key', 1);
    await page.getByRole('button', { name: 'Back' }).click();
    await onboarding.method('Import a keystore file').click();
    await page.getByRole('heading', { name: 'Import a keystore file' }).waitFor();
    await expectSafe('keystore password', 1);
    await page.getByRole('button', { name: 'Back' }).click();
    await onboarding.method('Open demo wallet').click();
    await page.getByRole('heading', { name: 'Protect Cairn with a password' }).waitFor();
    await expectSafe('vault password', 2);
  });
});
