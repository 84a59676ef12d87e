// Page object for first-run set-up and "Add wallet".
import type { Locator, Page } from 'playwright-core';

export const E2E_PASSWORD = 'orbit canyon vivid lantern 42';

export class Onboarding {
  constructor(readonly page: Page) {}

  method(title: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${title}`) });
  }

  /** Fills the vault password and its confirmation, then submits the finish step. */
  async finishWithPassword(password = E2E_PASSWORD): Promise<void> {
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Create vault' }).click();
  }

  /** The quickest way to an unlocked vault: the public demo wallet (local chain only). */
  async openDemoWallet(password = E2E_PASSWORD): Promise<void> {
    await this.method('Open demo wallet').click();
    await this.finishWithPassword(password);
    await this.page.getByRole('navigation', { name: 'Main' }).waitFor();
  }

  /** Types a phrase into the word fields (pasting it whole into the first one). */
  async enterPhrase(phrase: string): Promise<void> {
    const first = this.page.getByLabel('Word 1', { exact: true });
    await first.focus();
    await this.page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, phrase);
  }

  async shownAddresses(): Promise<string[]> {
    const rows = this.page.getByRole('list', { name: 'Addresses' }).getByRole('listitem');
    const texts = await rows.allTextContents();
    return texts.map((t) => /0x[0-9a-fA-F]{40}/.exec(t)?.[0] ?? '');
  }
}

export class Unlock {
  constructor(readonly page: Page) {}

  async unlock(password = E2E_PASSWORD): Promise<void> {
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Unlock', exact: true }).click();
  }
}
