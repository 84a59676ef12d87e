// Page object for Swap: the form, its quote, the permit step; the review is Send's.
import type { Locator, Page } from 'playwright-core';
import { parseUnits } from 'viem';
import { AppShell } from './AppShell.ts';
import { Send } from './Send.ts';

export class Swap {
  readonly form: Locator;
  readonly quote: Locator;
  /** A plain account's step before the exact approve: an allowance left from before is set to 0. */
  readonly reset: Locator;
  readonly send: Send;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Swap' });
    this.quote = page.getByRole('region', { name: 'Quote' });
    this.reset = page.getByRole('region', { name: 'First set the allowance left from before to 0' });
    this.send = new Send(page);
  }

  async open(): Promise<void> {
    await new AppShell(this.page).goTo('Swap');
    await this.form.waitFor();
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** Selects the option whose text is `symbol`, or starts with it and a space (its balance follows). */
  async choose(label: string, symbol: string): Promise<void> {
    const options = await this.field(label)
      .locator('option')
      .evaluateAll((all) => all.map((o) => ({ text: o.textContent ?? '', value: (o as HTMLOptionElement).value })));
    const match = options.find((o) => o.text === symbol || o.text.startsWith(`${symbol} `));
    if (!match) throw new Error(`no option "${symbol}" in ${label}: ${options.map((o) => o.text).join(' | ')}`);
    await this.field(label).selectOption({ value: match.value });
  }

  async fill(options: {
    from?: string;
    pay: string;
    amount: string;
    receive: string;
    slippage?: string;
  }): Promise<void> {
    if (options.from) await this.choose('From account', options.from);
    await this.choose('You pay', options.pay);
    await this.form.getByLabel(/^Amount of /).fill(options.amount);
    await this.choose('You receive', options.receive);
    if (options.slippage !== undefined) await this.field('Slippage (%)').fill(options.slippage);
  }

  /** The quote's "You receive", exactly (from the amount's title), once shown. */
  async quotedOut(decimals: number): Promise<bigint> {
    await this.quote.waitFor({ timeout: 20_000 });
    const title = await this.quote.locator('dd').first().locator('[data-amount]').getAttribute('title');
    return parseUnits((title ?? '').split(' ')[0] ?? '', decimals);
  }

  /** From Send's sent card, once a step of the swap is sent: back to the form. */
  async backToSwap(): Promise<void> {
    await this.page.getByRole('link', { name: 'Back to Swap' }).click();
    await this.form.waitFor();
  }

  /** Clicks "Review swap"; where it stays disabled, the error says what the form reads (a refusal, a hold). */
  async review(): Promise<void> {
    await this.form
      .getByRole('button', { name: 'Review swap' })
      .click()
      .catch(async (e: unknown) => {
        throw new Error(`"Review swap" not clicked; the form reads: ${await this.form.textContent()}`, { cause: e });
      });
  }

  /** On Send's review: the amount the simulation gives, from "exactly the quoted …". */
  async simulatedEqual(decimals: number): Promise<bigint> {
    const line = this.send.review
      .getByRole('status')
      .filter({ hasText: 'The simulation gives you exactly the quoted' });
    await line.waitFor({ timeout: 20_000 }).catch(async (e: unknown) => {
      const main = await this.page.getByRole('main').textContent();
      throw new Error(`no "exactly the quoted" line; the screen reads: ${main}`, { cause: e });
    });
    const title = await line.locator('[data-amount]').first().getAttribute('title');
    return parseUnits((title ?? '').split(' ')[0] ?? '', decimals);
  }
}
