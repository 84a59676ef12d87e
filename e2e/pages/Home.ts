// Page object for Home's summary and value chart (balances per asset and account: Portfolio.ts).
import type { Locator, Page } from 'playwright-core';
import { shownCents } from '../support/chainValues.ts';

export type ChartPoint = { time: number; cents: bigint };

export class Home {
  readonly total: Locator;
  readonly chart: Locator;

  constructor(readonly page: Page) {
    this.total = page
      .getByRole('region', { name: /^Total on / })
      .locator('p')
      .nth(1);
    this.chart = page.getByRole('region', { name: 'Value over time', exact: true });
  }

  action(name: string): Locator {
    return this.page.getByRole('list', { name: 'Actions', exact: true }).getByRole('link', { name, exact: true });
  }

  /** A range by its long name ('1 week'); its button reads "1W (1 week)". */
  range(name: string): Locator {
    return this.chart.getByRole('radio', { name: new RegExp(`\\(${name}\\)$`) });
  }

  /** Waits until uPlot has drawn the chart (its chunk loads on demand). */
  async chartDrawn(): Promise<void> {
    await this.chart.locator('[data-drawn]').waitFor({ timeout: 30_000 });
  }

  async totalText(): Promise<string> {
    return (await this.total.textContent()) ?? '';
  }

  async changeText(): Promise<string> {
    return (
      (await this.page
        .getByRole('region', { name: /^Total on / })
        .locator('p')
        .nth(2)
        .textContent()) ?? ''
    );
  }

  /** The chart's points, read from its table (opened if closed): time and value in cents. */
  async tablePoints(): Promise<ChartPoint[]> {
    const details = this.chart.locator('details').filter({ hasText: 'Show the values as a table' });
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    const rows = details.getByRole('row').filter({ has: this.page.locator('time') });
    const all = await rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        time: tr.querySelector('time')?.getAttribute('datetime') ?? '',
        value: tr.querySelector('td')?.textContent ?? '',
      })),
    );
    return all.map((r) => ({ time: Date.parse(r.time) / 1000, cents: shownCents(r.value) }));
  }
}
