// Settings → Recovery on the production build: the demo phrase split 2-of-3 among three named
// guardians, each share shown and checked by typing its asked words back, the guardian list kept;
// in Node, shares 1 and 3 as the screen showed them give back the demo phrase's entropy, and in a
// fresh browser profile they restore the demo wallet's first three addresses. axe on a share's
// sheet and on the list.
import { mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import type { Page } from 'playwright-core';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MNEMONIC } from '../src/core/chain/localChain.ts';
import { combineMnemonics } from '../src/core/keys/slip39/slip39.ts';
import { AppShell } from './pages/AppShell.ts';
import { E2E_PASSWORD, Onboarding } from './pages/Onboarding.ts';
import { describeViolations, expectAccessibleInBothSchemes, seriousViolations } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

const GUARDIANS = ['Ana', 'Ben', 'Chloé'];
const DEMO_ADDRESSES = [0, 1, 2].map((i) => mnemonicToAccount(DEMO_MNEMONIC, { addressIndex: i }).address);

async function expectNoSeriousViolations(page: Page, what: string) {
  const violations = await seriousViolations(page);
  expect(violations, `${what}:\n${describeViolations(violations)}`).toEqual([]);
}

describe('Recovery shares for guardians', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('splits the demo phrase 2-of-3; shares 1 and 3 as shown restore it in a fresh profile', async () => {
    const { page, consoleErrors } = await demoWalletPage(env, { landOn: 'settingsRecovery' });
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Recovery', exact: true }).waitFor();
    await main.getByRole('button', { name: 'Split into shares', exact: true }).click();
    expect(await main.getByLabel('Shares needed to restore', { exact: true }).inputValue()).toBe('2');
    expect(await main.getByLabel('Shares to make', { exact: true }).inputValue()).toBe('3');
    for (const [i, name] of GUARDIANS.entries())
      await main.getByLabel(`Guardian of share ${i + 1}`, { exact: true }).fill(name);
    await main.getByLabel('Vault password', { exact: true }).fill(E2E_PASSWORD);
    await main.getByRole('button', { name: 'Make shares', exact: true }).click();

    const shares: string[] = [];
    for (const [i, name] of GUARDIANS.entries()) {
      await main.getByRole('heading', { name: `Share ${i + 1} of 3, for ${name}`, exact: true }).waitFor();
      const sheet = main.getByRole('article', { name: 'Cairn recovery share' });
      expect(await sheet.textContent()).toContain('not as a Trezor Shamir wallet');
      expect(await sheet.getByRole('img', { name: `QR code of the share for ${name}` }).count()).toBe(1);
      const words = await sheet
        .getByRole('list', { name: `Words of share ${i + 1}` })
        .getByRole('listitem')
        .allTextContents();
      expect(words).toHaveLength(20);
      shares.push(words.join(' '));
      if (i === 0) await expectAccessibleInBothSchemes(page, 'a share and its sheet');

      await main.getByRole('button', { name: 'I have written it down or printed it: check it', exact: true }).click();
      const asked = main.getByLabel(/^Word \d+$/);
      await asked.first().waitFor();
      expect(await asked.count()).toBe(3);
      for (const field of await asked.all()) {
        const label = await field.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
        const position = Number(/\d+/.exec(label)?.[0]);
        expect(await field.getAttribute('type')).toBe('password');
        await field.fill(words[position - 1] ?? '');
      }
      await main.getByRole('button', { name: 'Check and hand out', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `The share for ${name} is checked and handed out.` })
        .waitFor();
    }
    await main.getByRole('button', { name: 'Done', exact: true }).click();
    const list = main.getByRole('list', { name: /^Guardians of / });
    await list.waitFor();
    for (const [i, name] of GUARDIANS.entries())
      expect(await list.textContent()).toContain(`${name}: share ${i + 1}, handed out on`);
    await expectNoSeriousViolations(page, 'the guardian list');

    const entropy = await combineMnemonics([shares[0] ?? '', shares[2] ?? '']);
    expect(entropy).toEqual(mnemonicToEntropy(DEMO_MNEMONIC, wordlist));
    expect(consoleErrors).toEqual([]);

    // A fresh profile (its own context and storage), as a guardian's computer would be.
    const fresh = await env.newPage();
    await new AppShell(fresh.page).open(env.server.url);
    const onboarding = new Onboarding(fresh.page);
    await onboarding.method('Restore from recovery shares').click();
    await fresh.page.getByRole('radio', { name: /^Shares of a recovery phrase made in Cairn/ }).check();
    for (const [n, share] of [shares[0], shares[2]].entries()) {
      await fresh.page.getByLabel(`Words of share ${n + 1}`, { exact: true }).fill(share ?? '');
      await fresh.page.getByRole('button', { name: 'Add this share' }).click();
    }
    await fresh.page.getByRole('status').filter({ hasText: 'Enough shares are in to restore the wallet.' }).waitFor();
    await fresh.page.getByRole('button', { name: 'Show the addresses' }).click();
    await fresh.page.getByRole('heading', { name: 'Choose accounts' }).waitFor();
    await expect.poll(async () => (await onboarding.shownAddresses()).slice(0, 3)).toEqual(DEMO_ADDRESSES);
    expect(fresh.consoleErrors).toEqual([]);
  });
});
