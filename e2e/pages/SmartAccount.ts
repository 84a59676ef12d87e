// Page object for an account's smart-account screen: its state line, the upgrade's Continue, the
// undo's review, the review's Confirm and the sent transaction's status.

import type { Locator, Page } from 'playwright-core';

export class SmartAccount {
  readonly review: Locator;
  readonly sent: Locator;

  constructor(readonly page: Page) {
    this.review = page.getByRole('region', { name: 'Review' });
    this.sent = page.getByRole('region', { name: 'Sent', exact: true });
  }

  async waitFor(): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: 'Smart account' }).waitFor();
  }

  /** The account's state in a sentence ("Plain account: …", "Smart account: …"), once read. */
  stateLine(): Promise<string> {
    return this.page
      .getByRole('main')
      .locator('p', { hasText: /^(Plain account|Smart account|Danger)/ })
      .first()
      .textContent({ timeout: 2_000 })
      .then(
        (text) => text ?? '',
        () => '',
      );
  }

  /** Continue to the upgrade's review (to MetaMask's delegate). */
  async continueUpgrade(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue', exact: true }).click();
  }

  async reviewUndo(): Promise<void> {
    await this.page.getByRole('button', { name: 'Review the undo' }).click();
  }

  /** Confirms the review; resolves once the sent transaction's status shows. */
  async confirm(): Promise<void> {
    await this.review.getByRole('button', { name: 'Confirm and send' }).click({ timeout: 15_000 });
    await this.sent.waitFor({ timeout: 30_000 });
  }

  /** The sent transaction's status line, '' until shown. */
  sentStatus(): Promise<string> {
    return this.sent
      .getByRole('status')
      .textContent({ timeout: 2_000 })
      .then(
        (text) => text ?? '',
        () => '',
      );
  }
}
