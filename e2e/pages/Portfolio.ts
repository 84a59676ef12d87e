// Page object for Home: the total, the value chart and its table, the assets across accounts, and
// balances per account once grouped, as exact values (the amount's title).
import type { Locator, Page } from 'playwright-core';
import { parseUnits } from 'viem';

export class Portfolio {
  readonly status: Locator;

  constructor(readonly page: Page) {
    // The balances' block: a plain line, or a status (announced) once the balances are old.
    this.status = page.getByRole('region', { name: /^Total on / }).getByText(/ block [\d,]+/);
  }

  /** Lists holdings per account (the setting is kept, so later pages open grouped too). */
  async groupByAccount(): Promise<void> {
    await this.page.getByRole('checkbox', { name: 'Group by account', exact: true }).check();
  }

  /** A row of the assets across all accounts (the default list). */
  asset(symbol: string): Locator {
    return this.page
      .getByRole('region', { name: 'Assets', exact: true })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${symbol} `) }) });
  }

  account(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  row(accountName: string, symbol: string): Locator {
    return this.account(accountName)
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: new RegExp(`^${symbol} `) }) });
  }

  /** An account's row whose asset cell (its row header) has this accessible name. */
  rowNamed(accountName: string, name: string | RegExp): Locator {
    return this.account(accountName)
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** Managing tokens, from Home's link (off Home: its own screen). */
  async openTokens(): Promise<void> {
    await this.page.getByRole('link', { name: 'Manage tokens', exact: true }).click();
    await this.page.getByLabel('Token contract address', { exact: true }).waitFor();
  }

  /** Back to Home from managing tokens. */
  async backHome(): Promise<void> {
    await this.page.goBack();
    await this.status.waitFor();
  }

  /**
   * Manage tokens (opened from Home unless it is shown): looks a token up by its contract address
   * and returns the "Add token" form it shows.
   */
  async lookUpToken(address: string): Promise<Locator> {
    const field = this.page.getByLabel('Token contract address', { exact: true });
    if (!(await field.isVisible())) await this.openTokens();
    await field.fill(address);
    await this.page.getByRole('button', { name: 'Look up token', exact: true }).click();
    const form = this.page.getByRole('form', { name: 'Add token', exact: true });
    await form.waitFor();
    return form;
  }

  /** The exact balance in base units, read from the amount's full-precision title. */
  async balance(accountName: string, symbol: string, decimals: number): Promise<bigint | undefined> {
    const row = this.row(accountName, symbol);
    if ((await row.count()) === 0) return undefined;
    const title = await row.getByRole('cell').first().locator('[title]').first().getAttribute('title');
    const amount = title?.split(' ')[0];
    return amount === undefined ? undefined : parseUnits(amount, decimals);
  }

  async shownBlock(): Promise<bigint | undefined> {
    const text = (await this.status.textContent()) ?? '';
    const match = /block ([\d,]+)/.exec(text);
    return match?.[1] ? BigInt(match[1].replace(/,/g, '')) : undefined;
  }
}
