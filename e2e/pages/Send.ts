// Page object for Send: the form, the review, and the transaction cards.

import type { Locator, Page } from 'playwright-core';
import { AppShell } from './AppShell.ts';

export class Send {
  readonly form: Locator;
  readonly review: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Send' });
    this.review = page.getByRole('region', { name: 'Review' });
  }

  async open(): Promise<void> {
    await new AppShell(this.page).goTo('Send');
    await this.form.waitFor();
  }

  field(label: string | RegExp): Locator {
    return this.form.getByLabel(label, { exact: typeof label === 'string' });
  }

  /** Fills the basic fields; asset is the symbol shown in the asset list. */
  async fill(options: { from?: string; recipient: string; asset?: string; amount?: string }): Promise<void> {
    if (options.from) await this.choose('From', options.from);
    if (options.asset) await this.choose('Asset', options.asset);
    await this.field('Recipient').fill(options.recipient);
    if (options.amount !== undefined) await this.form.getByLabel(/^Amount in /).fill(options.amount);
  }

  /** Selects the option whose text starts with `prefix` (followed by a space or the end). */
  async choose(label: string, prefix: string): Promise<void> {
    const options = await this.field(label)
      .locator('option')
      .evaluateAll((all) => all.map((o) => ({ text: o.textContent ?? '', value: (o as HTMLOptionElement).value })));
    const match = options.find((o) => o.text === prefix || o.text.startsWith(`${prefix} `));
    if (!match) throw new Error(`no option "${prefix}" in ${label}: ${options.map((o) => o.text).join(' | ')}`);
    // By value: an option's text carries a balance, which may change while it is chosen.
    await this.field(label).selectOption({ value: match.value });
  }

  /** Checks the filled transfer as Continue does, and puts it in the batch. */
  async addToBatch(): Promise<void> {
    const before = await this.batchItems().count();
    await this.form.getByRole('button', { name: 'Add to batch' }).click();
    await this.batchItems()
      .nth(before)
      .waitFor({ timeout: 15_000 })
      .catch(async (e: unknown) => {
        const alerts = await this.page.getByRole('alert').allTextContents();
        throw new Error(`not added to the batch; alerts: ${alerts.join(' | ') || 'none'}`, { cause: e });
      });
  }

  batchItems(): Locator {
    return this.page.getByRole('region', { name: /in a batch$/ }).getByRole('listitem');
  }

  async reviewBatch(): Promise<void> {
    await this.page.getByRole('button', { name: /as one transaction$/ }).click();
    await this.review.waitFor({ timeout: 15_000 });
  }

  async continue(): Promise<void> {
    await this.form.getByRole('button', { name: 'Continue' }).click();
  }

  /** Continue, then Confirm on the review, without waiting for what follows (a device account's signing dialog). */
  async continueAndConfirm(): Promise<void> {
    await this.continue();
    await this.review.waitFor({ timeout: 15_000 });
    await this.review.getByRole('button', { name: 'Confirm and send' }).click();
  }

  /** Continue, then confirm on the review; resolves when the sent card shows. */
  async confirm(): Promise<Locator> {
    await this.review.waitFor({ timeout: 15_000 });
    await this.review.getByRole('button', { name: 'Confirm and send' }).click();
    const sent = this.page.getByRole('region', { name: 'Sent', exact: true });
    await sent.waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
      const alerts = await this.page.getByRole('alert').allTextContents();
      throw new Error(`no sent card; alerts on the page: ${alerts.join(' | ') || 'none'}`, { cause: e });
    });
    return sent.getByRole('listitem').first();
  }

  /** The error shown next to a field. */
  async fieldError(label: string | RegExp): Promise<string> {
    const input = this.field(label);
    const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
    for (const id of describedBy.split(' ')) {
      if (id.endsWith('-error')) return (await this.page.locator(`[id="${id}"]`).textContent()) ?? '';
    }
    return '';
  }

  /** The card's status line; empty when the card is not (yet) shown, so polls retry quickly. */
  statusOf(card: Locator): Promise<string> {
    return card
      .locator('p', { hasText: 'Status:' })
      .textContent({ timeout: 2_000 })
      .then((t) => t ?? '')
      .catch(() => '');
  }
}
