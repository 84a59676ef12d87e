import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { decryptKeystore, parseKeystore } from '../src/core/keys/keystore.ts';
import { addressOfPrivateKey } from '../src/core/keys/privateKey.ts';
import { AppShell } from './pages/AppShell.ts';
import { E2E_PASSWORD, Onboarding } from './pages/Onboarding.ts';
import { Settings } from './pages/Settings.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const KEYSTORE_PASSWORD = 'lantern meadow quartz 77';

describe('managing accounts', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  async function demoVaultOnAccounts() {
    const opened = await demoWalletPage(env, { landOn: 'accounts' });
    const { page } = opened;
    await new AppShell(page).accountMenuLink('Manage accounts');
    await page.getByRole('heading', { name: 'Accounts', exact: true }).waitFor();
    const card = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const names = async () => page.getByRole('list', { name: 'Accounts' }).getByRole('heading').allTextContents();
    return { ...opened, card, names };
  }

  it('renames, reorders, hides and removes accounts, and adds the next one', async () => {
    const { page, card, names } = await demoVaultOnAccounts();
    await card('Demo account 1').getByRole('button', { name: 'Rename' }).click();
    const nameField = page.getByLabel('Account name');
    await nameField.fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Enter a name.');
    await nameField.fill('Main');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(names).toEqual(['Main', 'Demo account 2', 'Demo account 3']);

    await card('Demo account 3').getByRole('button', { name: 'Move up' }).click();
    await expect.poll(names).toEqual(['Main', 'Demo account 3', 'Demo account 2']);

    await card('Demo account 2').getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => card('Demo account 2').textContent()).toContain('Hidden');
    expect((await new AppShell(page).accountLabels()).some((t) => t.startsWith('Demo account 2'))).toBe(false);

    await card('Demo account 2').getByRole('button', { name: 'Remove' }).click();
    await card('Demo account 2').getByRole('button', { name: 'Remove account' }).click();
    await expect.poll(names).toEqual(['Main', 'Demo account 3']);

    await page.getByRole('button', { name: 'Add next account' }).click();
    await expect.poll(names).toEqual(['Main', 'Demo account 3', 'Account 1']);
    expect(await card('Account 1').textContent()).toContain("m/44'/60'/0'/0/3");

    // Everything above survived in the encrypted vault.
    await page.reload();
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await new AppShell(page).accountMenuLink('Manage accounts');
    await expect.poll(names).toEqual(['Main', 'Demo account 3', 'Account 1']);
  });

  it('warns before removing the last account of a phrase', async () => {
    const { card } = await demoVaultOnAccounts();
    for (const name of ['Demo account 2', 'Demo account 3']) {
      await card(name).getByRole('button', { name: 'Remove' }).click();
      await card(name).getByRole('button', { name: 'Remove account' }).click();
      await card(name).waitFor({ state: 'detached' });
    }
    await card('Demo account 1').getByRole('button', { name: 'Remove' }).click();
    expect(await card('Demo account 1').textContent()).toContain('deletes the phrase from Cairn');
    const remove = card('Demo account 1').getByRole('button', { name: 'Remove account' });
    expect(await remove.isDisabled()).toBe(true);
    await card('Demo account 1').getByLabel('I have a backup of this recovery phrase.').check();
    expect(await remove.isEnabled()).toBe(true);
  });

  it('reveals the recovery phrase and a private key only after the password, hidden until asked', async () => {
    const { page, card } = await demoVaultOnAccounts();
    await card('Demo account 1').getByRole('button', { name: 'Show recovery phrase' }).click();
    const panel = page.getByRole('region', { name: 'Show recovery phrase' });
    expect(await panel.textContent()).toContain('Anyone who sees your recovery phrase');
    expect(await panel.textContent()).not.toContain(DEMO_MNEMONIC);
    await panel.getByLabel('Password', { exact: true }).fill('wrong password');
    await panel.getByRole('button', { name: 'Reveal recovery phrase' }).click();
    await expect.poll(() => panel.getByRole('alert').textContent()).toBe('Wrong password.');
    await panel.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await panel.getByRole('button', { name: 'Reveal recovery phrase' }).click();
    await expect.poll(() => panel.textContent()).toContain(DEMO_MNEMONIC);
    await panel.getByRole('button', { name: 'Hide' }).click();
    expect(await panel.count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Accounts' }).textContent()).not.toContain(DEMO_MNEMONIC);

    await card('Demo account 2').getByRole('button', { name: 'Show private key' }).click();
    const keyPanel = page.getByRole('region', { name: 'Show private key' });
    await keyPanel.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await keyPanel.getByRole('button', { name: 'Reveal private key' }).click();
    await expect
      .poll(() => keyPanel.textContent())
      .toContain('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
  });

  it('exports an account as a keystore v3 file that opens elsewhere', async () => {
    const { page, card } = await demoVaultOnAccounts();
    await card('Demo account 1').getByRole('button', { name: 'Download keystore file' }).click();
    const form = page.getByRole('form', { name: 'Download keystore file' });
    await form.getByLabel('Cairn password', { exact: true }).fill(E2E_PASSWORD);
    await form.getByLabel('Keystore password', { exact: true }).fill(KEYSTORE_PASSWORD);
    await form.getByLabel('Confirm keystore password', { exact: true }).fill(KEYSTORE_PASSWORD);
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await form.getByRole('button', { name: 'Save keystore file' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^UTC--\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d+Z--f39fd6e51aad88f6f4ce6ab8827279cfffb92266\.json$/,
    );
    const json = readFileSync((await file.path()) ?? '', 'utf8');
    const keystore = parseKeystore(json);
    expect(keystore.kdf).toMatchObject({ kdf: 'scrypt', n: 262144, r: 8, p: 1 });
    const key = await decryptKeystore(keystore, KEYSTORE_PASSWORD);
    expect(addressOfPrivateKey(key)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('saves an encrypted vault backup that restores on a fresh device', async () => {
    const { page } = await demoVaultOnAccounts();
    const security = await new Settings(page).open('Security');
    const download = page.waitForEvent('download');
    await security.getByRole('button', { name: 'Download encrypted backup' }).click();
    const file = await download;
    const backupPath = (await file.path()) ?? '';
    const text = readFileSync(backupPath, 'utf8');
    expect(text).toContain('"format": "cairn-vault"');
    expect(text).not.toContain('test test');

    const fresh = await env.newPage();
    const onboarding = new Onboarding(fresh.page);
    await new AppShell(fresh.page).open(env.server.url);
    await onboarding.method('Restore a Cairn backup').click();
    await fresh.page.getByLabel('Backup file').setInputFiles(backupPath);
    await fresh.page.getByLabel('Backup password', { exact: true }).fill('wrong password');
    await fresh.page.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => fresh.page.getByRole('alert').textContent()).toBe('Wrong password for this backup.');
    await fresh.page.getByLabel('Backup password', { exact: true }).fill(E2E_PASSWORD);
    await fresh.page.getByRole('button', { name: 'Restore' }).click();
    await fresh.page.getByRole('navigation', { name: 'Main' }).waitFor();
    await expect.poll(() => new AppShell(fresh.page).accountLabels()).toHaveLength(3);
  });
});
