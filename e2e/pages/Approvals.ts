import type { Locator, Page } from 'playwright-core';
import { AppShell } from './AppShell.ts';

/** The Approvals screen: the list of approvals in force, selection, revoke review, CSV. */
export class Approvals {
  readonly list: Locator;
  readonly review: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole('list', { name: 'Approvals, most at risk first' });
    this.review = page.getByRole('region', { name: /^Revoke th(is approval|ese \d+ approvals)\?$/ });
  }

  /** The progress bar of a read of the approvals under way, by its name. */
  progress(): Locator {
    return this.page.getByRole('progressbar', {
      name: /^(Reading approval events…|Searching the chain for this account’s approval events|Checking with each contract which approvals are still in force)$/,
    });
  }

  async open(): Promise<void> {
    await new AppShell(this.page).goTo('Approvals');
    await this.page.getByRole('heading', { name: /approvals? in force|No approvals in force/ }).waitFor();
  }

  items(): Locator {
    return this.list.getByRole('listitem').filter({ has: this.page.getByRole('heading', { level: 3 }) });
  }

  /** The listed approvals as their headings name them (their accessible names), in the order shown. */
  async names(): Promise<string[]> {
    return this.list.getByRole('heading', { level: 3 }).allTextContents();
  }

  item(name: string): Locator {
    return this.list.getByRole('listitem', { name, exact: true });
  }

  /** The approvals the open review would revoke, as it names them. */
  async revocations(): Promise<string[]> {
    const list = this.review.getByRole('list', { name: 'Approvals to revoke, in the order they are sent' });
    return list.getByRole('listitem').allTextContents();
  }

  /** Confirms the open review and waits until every revocation is mined. */
  async confirmRevoke(count: number): Promise<void> {
    const label = count === 1 ? 'Confirm and revoke' : `Confirm and revoke all ${count}`;
    const confirm = this.review.getByRole('button', { name: label });
    await confirm.waitFor();
    await this.page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await confirm.elementHandle(), {
      timeout: 20_000,
    });
    await confirm.click();
    await this.review
      .getByRole('status')
      .filter({ hasText: `${count} of ${count} revoked.` })
      .waitFor({ timeout: 30_000 });
  }
}
