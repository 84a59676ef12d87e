import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAddress, TRICK_TOKEN, trickTokenAddress } from '../devchain/seed.ts';
import { Activity } from './pages/Activity.ts';
import { AddressBook } from './pages/AddressBook.ts';
import { Portfolio } from './pages/Portfolio.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { demoWalletPage } from './support/demoWallet.ts';
import { type Environment, startEnvironment } from './support/environment.ts';

/** The seeded token's symbol, "US" + right-to-left override + "TD" + zero-width joiner, as Cairn must show it. */
const SHOWN_SYMBOL = 'US\\u{202E}TD\\u{200D}';
const WARNING = '(contains hidden or direction-changing characters, shown as codes)';
/** A contact name that reads "Bob charlie" on screen: the override turns "eilrahc" around. */
const TRICK_NAME = 'Bob \u202eeilrahc';
const SHOWN_NAME = 'Bob \\u{202E}eilrahc';
const RAW_HIDDEN = /[\u202e\u200d]/;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Everything the page shows or names (text and attributes such as aria-label and title). */
function pageMarkup(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerHTML);
}

describe('text from the chain and from people, shown with its hidden characters as codes', () => {
  let env: Environment;
  beforeAll(async () => {
    env = await startEnvironment();
  });
  afterAll(async () => {
    await env?.close();
  });

  it('shows a token symbol with a right-to-left override and a zero-width joiner as codes, with a warning, from look-up to portfolio', async () => {
    expect(TRICK_TOKEN.symbol).toMatch(RAW_HIDDEN);
    const { page, consoleErrors } = await demoWalletPage(env);
    const portfolio = new Portfolio(page);
    await portfolio.status.waitFor();
    await portfolio.groupByAccount();

    const form = await portfolio.lookUpToken(trickTokenAddress());
    expect(await form.textContent()).toContain(`${SHOWN_SYMBOL} ⚠ ${WARNING} — ${TRICK_TOKEN.name}`);
    await form.getByRole('button', { name: `Add ${SHOWN_SYMBOL}`, exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${SHOWN_SYMBOL} ⚠ ${WARNING} added.` })
      .waitFor();

    expect(await page.getByRole('listitem').filter({ hasText: trickTokenAddress() }).textContent()).toContain(
      `${SHOWN_SYMBOL} ⚠ ${WARNING}`,
    );
    expect(await pageMarkup(page)).not.toMatch(RAW_HIDDEN);
    await portfolio.backHome();

    // The asset cell names it by its codes and carries the warning in words; its balance shows the codes too.
    const row = portfolio.rowNamed('Demo account 1', `${SHOWN_SYMBOL} ${WARNING} ${TRICK_TOKEN.name}`);
    await row.waitFor();
    expect(await row.getByRole('cell').first().locator('[title]').first().getAttribute('title')).toBe(
      `0 ${SHOWN_SYMBOL}`,
    );
    expect(await row.getByRole('button', { name: `Hide ${SHOWN_SYMBOL}`, exact: true }).count()).toBe(1);
    // Nowhere on the page, in text or in attributes, is either character itself.
    expect(await pageMarkup(page)).not.toMatch(RAW_HIDDEN);
    // The warning is readable (contrast, names) like the rest of the screen.
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('shows a contact name with a right-to-left override as codes, with a warning, in the address book and the history', async () => {
    const { page, consoleErrors } = await demoWalletPage(env, { landOn: 'addressBook' });
    const book = new AddressBook(page);
    await book.open();
    await book.fillAndSubmit(book.addForm, { name: TRICK_NAME, address: demoAddress(6) }, 'Add contact');
    await book.status.filter({ hasText: `Added ${SHOWN_NAME}.` }).waitFor();
    const heading = book.contactsRegion.getByRole('heading', {
      level: 3,
      name: `${SHOWN_NAME} ${WARNING}`,
      exact: true,
    });
    expect(await heading.count()).toBe(1);
    expect(await book.contactsRegion.getByRole('button', { name: `Edit ${SHOWN_NAME}`, exact: true }).count()).toBe(1);
    expect(await pageMarkup(page)).not.toMatch(RAW_HIDDEN);

    // The history names the account's dealings with that address by the contact, codes and warning alike.
    const activity = new Activity(page);
    await activity.open();
    const named = activity.list.getByRole('link', {
      name: new RegExp(`from ${literal(SHOWN_NAME)} ${literal(WARNING)}`),
    });
    await named.first().waitFor({ timeout: 20_000 });
    expect(await pageMarkup(page)).not.toMatch(RAW_HIDDEN);
    expect(consoleErrors).toEqual([]);
  });
});
