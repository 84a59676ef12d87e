// Restoring a wallet from SLIP-0039 shares, as a person would on the first screen: a reference
// vector's Trezor set (extendable, 256 bits) with the passphrase "TREZOR" restores the accounts
// of the vector's xprv; one share alone says how many more are needed; a wallet created as shares
// 2-of-3 restores in a fresh profile from two of them. Axe on the way.
import { HDKey } from '@scure/bip32';
import type { Page } from 'playwright-core';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '../src/app/paths.ts';
import { DEFAULT_PATH_TEMPLATE } from '../src/core/keys/derivationPath.ts';
import { deriveAddresses } from '../src/core/keys/hd.ts';
import { combineMnemonics } from '../src/core/keys/slip39/slip39.ts';
import vectors from '../src/testing/vectors/slip39/vectors.json';
import { AppShell } from './pages/AppShell.ts';
import { Onboarding } from './pages/Onboarding.ts';
import { expectAccessibleInBothSchemes } from './support/axe.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

type Vector = [description: string, mnemonics: string[], masterSecret: string, xprv: string];
/** "Extendable basic sharing 2-of-3 (256 bits)": shares 1 and 3, as a newer Trezor makes them. */
const [, [FIRST = '', THIRD = ''], , XPRV] = (vectors as Vector[]).find(([d]) => d.startsWith('45. ')) as Vector;
const root = HDKey.fromExtendedKey(XPRV);
const addressAt = (i: number) =>
  privateKeyToAddress(`0x${Buffer.from(root.derive(`m/44'/60'/0'/0/${i}`).privateKey ?? []).toString('hex')}`);

const GUARDIANS = ['Ana', 'Ben', 'Chloé'];
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** Reads the share shown, checks it by typing its asked words back, and returns its words. */
async function handOutShare(page: Page, member: number, name: string): Promise<string> {
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: `Share ${member} of 3, for ${name}`, exact: true }).waitFor();
  const sheet = main.getByRole('article', { name: 'Cairn recovery share' });
  const words = await sheet
    .getByRole('list', { name: `Words of share ${member}` })
    .getByRole('listitem')
    .allTextContents();
  if (member === 1) {
    expect(await sheet.textContent()).toContain('on a Trezor (as a Shamir backup)');
    await expectAccessibleInBothSchemes(page, 'a new wallet’s share and its sheet');
  }
  await main.getByRole('button', { name: 'I have written it down or printed it: check it', exact: true }).click();
  const asked = main.getByLabel(/^Word \d+$/);
  await asked.first().waitFor();
  for (const field of await asked.all()) {
    const label = await field.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
    await field.fill(words[Number(/\d+/.exec(label)?.[0]) - 1] ?? '');
  }
  await main.getByRole('button', { name: 'Check and hand out', exact: true }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `The share for ${name} is checked and handed out.` })
    .waitFor();
  return words.join(' ');
}

describe('restoring from recovery shares', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  async function openRestore() {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    await new Onboarding(page).method('Restore from recovery shares').click();
    await page.getByRole('heading', { name: 'Restore from recovery shares' }).waitFor();
    await page.getByRole('radio', { name: /^A SLIP-0039 wallet from a Trezor/ }).check();
    return { page, shell };
  }

  it('says with one share how many more are needed, and refuses to go on without them', async () => {
    const { page } = await openRestore();
    const status = page.getByRole('status').filter({ hasText: /share/ });
    await expect.poll(() => status.textContent()).toBe('No share entered yet.');
    await page.getByLabel('Words of share 1', { exact: true }).fill(FIRST);
    await page.getByRole('button', { name: 'Add this share' }).click();
    await expect.poll(() => status.textContent()).toBe('1 share of 2 entered: one more is needed.');
    await page.getByLabel('The wallet has a passphrase').check();
    await page.getByText('A wrong passphrase is not refused: it restores other accounts, empty ones.').waitFor();
    await page.getByLabel('Passphrase', { exact: true }).fill('TREZOR');
    await expectAccessibleInBothSchemes(page, 'restore from shares, one share in');
    await page.getByRole('button', { name: 'Show the addresses' }).click();
    await expect
      .poll(async () => (await page.getByRole('alert').allTextContents()).join(' '))
      .toContain('One more share is needed to restore the secret.');
    expect(await page.getByRole('heading', { name: 'Choose accounts' }).count()).toBe(0);
  });

  it("restores a Trezor's set with its passphrase: the accounts of the vector's xprv", async () => {
    const { page, shell } = await openRestore();
    const onboarding = new Onboarding(page);
    for (const [n, share] of [FIRST, THIRD].entries()) {
      await page.getByLabel(`Words of share ${n + 1}`, { exact: true }).fill(share);
      await page.getByRole('button', { name: 'Add this share' }).click();
    }
    await page.getByRole('status').filter({ hasText: 'Enough shares are in to restore the wallet.' }).waitFor();
    await page.getByLabel('The wallet has a passphrase').check();
    await page.getByLabel('Passphrase', { exact: true }).fill('TREZOR');
    await page.getByRole('button', { name: 'Show the addresses' }).click();
    await page.getByRole('heading', { name: 'Choose accounts' }).waitFor();
    const expected = [0, 1, 2, 3, 4].map(addressAt);
    await expect.poll(() => onboarding.shownAddresses()).toEqual(expected);
    const rows = page.getByRole('list', { name: 'Addresses' }).getByRole('checkbox');
    await rows.nth(1).check();
    await rows.nth(2).check();
    await page.getByRole('button', { name: 'Continue with 3 accounts' }).click();
    await onboarding.finishWithPassword();
    await shell.nav.waitFor();
    await shell.accountChip.waitFor();
    const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
    expect(await shell.accountLabels()).toEqual(expected.slice(0, 3).map((a, i) => `Account ${i + 1} — ${short(a)}`));
  });

  it('creates a wallet as shares 2-of-3; two of them restore its first address in a fresh profile', async () => {
    const { page } = await env.newPage();
    const shell = new AppShell(page);
    await shell.open(env.server.url);
    const onboarding = new Onboarding(page);
    await onboarding.method('Create a new wallet').click();
    await page.getByRole('radio', { name: /^Recovery shares for guardians/ }).check();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('heading', { name: 'Create a wallet as recovery shares' }).waitFor();
    for (const [i, name] of GUARDIANS.entries())
      await page.getByLabel(`Guardian of share ${i + 1}`, { exact: true }).fill(name);
    await expectAccessibleInBothSchemes(page, 'creating a wallet as shares');
    await page.getByRole('button', { name: 'Make the shares' }).click();
    const shares: string[] = [];
    for (const [i, name] of GUARDIANS.entries()) shares.push(await handOutShare(page, i + 1, name));
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await onboarding.finishWithPassword();
    await shell.accountChip.waitFor();
    const [created] = await shell.accountLabels();

    const seed = await combineMnemonics([shares[0] ?? '', shares[2] ?? '']);
    const [first] = deriveAddresses(seed, DEFAULT_PATH_TEMPLATE, 0, 1);
    expect(created).toBe(`Account 1 — ${short(first?.address ?? '')}`);
    // Its guardians are listed in Settings → Recovery (an in-page move: a reload would lock).
    await page.evaluate((path) => {
      location.hash = path;
    }, screen('settingsRecovery').path);
    const guardians = page.getByRole('list', { name: /^Guardians of / });
    await expect.poll(() => guardians.textContent()).toContain('Chloé: share 3, handed out on');

    const { page: fresh } = await openRestore();
    for (const [n, share] of [shares[2], shares[0]].entries()) {
      await fresh.getByLabel(`Words of share ${n + 1}`, { exact: true }).fill(share ?? '');
      await fresh.getByRole('button', { name: 'Add this share' }).click();
    }
    await fresh.getByRole('button', { name: 'Show the addresses' }).click();
    await fresh.getByRole('heading', { name: 'Choose accounts' }).waitFor();
    await expect.poll(async () => (await new Onboarding(fresh).shownAddresses())[0]).toBe(first?.address);
  });
});
