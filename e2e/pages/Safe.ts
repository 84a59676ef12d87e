// Page object for adding a Safe (Add wallet → Add a Safe) and for a Safe account's screen: its
// owners, its kept transactions (each a card found by its nonce), and the import.
import type { Locator, Page } from 'playwright-core';
import { AppShell } from './AppShell.ts';
import { Onboarding } from './Onboarding.ts';

export class SafeScreen {
  readonly owners: Locator;
  readonly importSection: Locator;
  readonly importField: Locator;

  constructor(readonly page: Page) {
    this.owners = page.getByRole('list', { name: 'Owners' });
    this.importSection = page.getByRole('region', { name: 'Import from another owner' });
    this.importField = this.importSection.getByLabel('Link or file text');
  }

  /** Add wallet → Add a Safe: types the address on the selected network and continues to what was read. */
  async startAdding(address: string): Promise<void> {
    await new AppShell(this.page).accountMenuLink('Add wallet');
    await new Onboarding(this.page).method('Add a Safe').click();
    await this.page.getByLabel('Safe address').fill(address);
    await this.page.getByRole('button', { name: 'Continue', exact: true }).click();
    await this.page.getByRole('heading', { name: 'The Safe at this address' }).waitFor({ timeout: 15_000 });
  }

  /** Names the Safe read, adds it, and opens its screen from its card on Accounts. */
  async finishAdding(name: string): Promise<void> {
    await this.page.getByLabel('Name (optional)').fill(name);
    await this.page.getByRole('button', { name: 'Continue', exact: true }).click();
    await this.page.getByRole('button', { name: 'Add to Cairn' }).click();
    const card = this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name, exact: true }) });
    await card.getByRole('link', { name: 'Open the Safe: owners and transactions' }).click({ timeout: 15_000 });
    await this.waitFor();
  }

  async waitFor(): Promise<void> {
    await this.page.getByRole('heading', { level: 1, name: 'Safe multisig' }).waitFor();
    await this.owners.waitFor({ timeout: 15_000 });
  }

  /** Pastes a link or a file's text into the import and imports it. */
  async importText(text: string): Promise<void> {
    await this.importField.fill(text);
    await this.importSection.getByRole('button', { name: 'Import', exact: true }).click();
  }

  /** What the last import said it took and refused, '' until shown. */
  importOutcome(): Promise<string> {
    return this.text(this.importSection.getByRole('status').filter({ hasText: /Safe transaction of nonce/ }));
  }

  /** The alert the import field shows, '' while none. */
  importRefusal(): Promise<string> {
    return this.text(this.importSection.getByRole('alert').first());
  }

  /** The card of the kept transaction of `nonce`. */
  transaction(nonce: bigint): Locator {
    return this.page
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: `Safe transaction, nonce ${nonce}`, exact: true }) });
  }

  /** Where the kept transaction of `nonce` stands, as its card says ('' until shown). */
  transactionStatus(nonce: bigint): Promise<string> {
    const status = this.transaction(nonce).locator('dt', { hasText: /^Status$/ });
    return this.text(status.locator('xpath=following-sibling::dd[1]'));
  }

  private text(locator: Locator): Promise<string> {
    return locator.textContent({ timeout: 2_000 }).then(
      (text) => text ?? '',
      () => '',
    );
  }
}
