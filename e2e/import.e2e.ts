import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import wallets from '../src/testing/vectors/keystore/ethers-testcases-wallets.json';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const PHRASE = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const expectedAt = (path: string) => mnemonicToAccount(PHRASE, { path: path as `m/44'/60'/${string}` }).address;
const files = mkdtempSync(join(tmpdir(), 'cairn-import-'));

describe('importing keys', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('imports a recovery phrase: names a mistyped word, keeps the words, shows each path’s addresses', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    const onboarding = new Onboarding(page);
    await shell.open(env.server.url);
    await onboarding.method('Import a recovery phrase').click();
    await page.getByRole('heading', { name: 'Import a recovery phrase' }).waitFor();
    await onboarding.enterPhrase(PHRASE.replace(/abandon$/m, 'x').replace(/^((?:abandon ){5})abandon/, '$1abandn'));
    await page.getByRole('button', { name: 'Continue' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Word 6 is not a recovery phrase word. Did you mean “abandon”?');
    expect(await page.getByLabel('Word 6', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Word 12', { exact: true }).inputValue()).toBe('about');
    await page.getByLabel('Word 6', { exact: true }).fill('abandon');
    await page.getByLabel('Word 12', { exact: true }).fill('abandon');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => alert.textContent()).toContain('fails its checksum');
    await page.getByLabel('Word 12', { exact: true }).fill('about');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Choose accounts' }).waitFor();

    const presets: [string, (i: number) => string][] = [
      ['Standard (BIP44)', (i) => `m/44'/60'/0'/0/${i}`],
      ['Ledger Live', (i) => `m/44'/60'/${i}'/0/0`],
      ['Ledger legacy', (i) => `m/44'/60'/0'/${i}`],
    ];
    for (const [label, path] of presets) {
      await page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`)).check();
      await expect.poll(() => onboarding.shownAddresses()).toEqual([0, 1, 2, 3, 4].map((i) => expectedAt(path(i))));
    }
    await page.getByLabel('Custom path').check();
    const custom = page.getByLabel('Custom derivation path');
    await custom.fill("m/44'/60'/0'/x1");
    await expect.poll(() => page.getByText('level 4 (“x1”) is not a number').isVisible()).toBe(true);
    await custom.fill("m/44'/60'/1'/0");
    await expect
      .poll(() => onboarding.shownAddresses())
      .toEqual([0, 1, 2, 3, 4].map((i) => expectedAt(`m/44'/60'/1'/0/${i}`)));

    await page.getByLabel(/^Standard \(BIP44\)/).check();
    await page.getByRole('button', { name: 'Show 5 more' }).click();
    await expect.poll(async () => (await onboarding.shownAddresses()).length).toBe(10);
    const rows = page.getByRole('list', { name: 'Addresses' }).getByRole('checkbox');
    await rows.nth(6).check();
    await page.getByRole('button', { name: 'Continue with 2 accounts' }).click();
    await onboarding.finishWithPassword();
    await shell.nav.waitFor();
    await new AppShell(page).accountChip.waitFor();
    const options = await new AppShell(page).accountLabels();
    const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
    expect(options).toEqual([
      `Account 1 — ${short(expectedAt("m/44'/60'/0'/0/0"))}`,
      `Account 2 — ${short(expectedAt("m/44'/60'/0'/0/6"))}`,
    ]);
  });

  it('imports a private key, refusing a malformed one with the reason', async () => {
    const { page } = await env.newPage();
    const onboarding = new Onboarding(page);
    await new AppShell(page).open(env.server.url);
    await onboarding.openDemoWallet();
    await new AppShell(page).accountMenuLink('Add wallet');
    await onboarding.method('Import a private key').click();
    const field = page.getByLabel('Private key', { exact: true });
    await field.fill('0x1234');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('A private key has 64 hex digits; this has 4.');
    expect(await field.inputValue()).toBe('0x1234');
    const key = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';
    await field.fill(key);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('This key controls').waitFor();
    await page.getByRole('button', { name: 'Add to Cairn' }).click();
    await page.getByRole('heading', { name: 'Accounts', exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Accounts' }).textContent()).toContain('Imported private key');
    await new AppShell(page).accountChip.waitFor();
    const options = await new AppShell(page).accountLabels();
    expect(options).toContain('Account 1 — 0x9965…A4dc');
  });

  it('imports a keystore file in a worker with progress; refuses a wrong password and a damaged file', async () => {
    const wallet = wallets.find((w) => w.name === 'wallet_keystore_passwd');
    if (!wallet) throw new Error('vector missing');
    const good = join(files, 'UTC--geth.json');
    writeFileSync(good, wallet.content);
    const damaged = join(files, 'damaged.json');
    const content = JSON.parse(wallet.content);
    delete content.Crypto.kdfparams.salt;
    writeFileSync(damaged, JSON.stringify(content));

    const { page } = await env.newPage();
    const onboarding = new Onboarding(page);
    await new AppShell(page).open(env.server.url);
    await onboarding.openDemoWallet();
    await new AppShell(page).accountMenuLink('Add wallet');
    await onboarding.method('Import a keystore file').click();
    const fileInput = page.getByLabel('Keystore file');
    const password = page.getByLabel('Keystore password', { exact: true });

    await fileInput.setInputFiles(damaged);
    await password.fill('foo');
    await page.getByRole('button', { name: 'Decrypt' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('This keystore file is damaged: crypto.kdfparams.salt is missing.');

    await fileInput.setInputFiles(good);
    await password.fill('not foo');
    await page.getByRole('button', { name: 'Decrypt' }).click();
    await page.getByRole('progressbar').waitFor();
    // scrypt runs in the worker: the page draws a frame while the work is still under way (on the
    // page's own thread no frame would come before the answer, and the progress would be gone).
    const drawnWhileWorking = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() => resolve(document.querySelector('progress') !== null)),
        ),
    );
    expect(drawnWhileWorking).toBe(true);
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 })
      .toBe('Wrong password for this keystore file.');
    expect(await password.inputValue()).toBe('not foo');

    await password.fill('foo');
    await page.getByRole('button', { name: 'Decrypt' }).click();
    await page.getByText('The keystore holds').waitFor({ timeout: 20_000 });
    expect(await page.getByText('The keystore holds').locator('..').textContent()).toContain(wallet.address);
    await page.getByRole('button', { name: 'Add to Cairn' }).click();
    await page.getByRole('heading', { name: 'Accounts', exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Accounts' }).textContent()).toContain('Imported keystore file');
  });
});
