// Restoring a wallet from SLIP-0039 shares, as a person would on the first screen: a reference
// vector's Trezor set (extendable, 256 bits) with the passphrase "TREZOR" restores the accounts
// of the vector's xprv; one share alone says how many more are needed. Axe on the way.
import { HDKey } from '@scure/bip32';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
