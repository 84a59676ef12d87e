// Page object for Sign: the signing tools, and in detail the offline transaction and broadcast tools.

import type { Locator, Page } from 'playwright-core';
import { AppShell } from './AppShell.ts';

export type SignTool = 'Message' | 'Typed data' | 'Verify' | 'Offline transaction' | 'Broadcast';

/** The labels of the offline transaction's fields, by the name the tests use. */
export const OFFLINE_FIELDS = {
  chainId: 'Chain id',
  nonce: 'Nonce',
  to: 'Recipient (to)',
  value: 'Value (ETH)',
  gasLimit: 'Gas limit',
  maxFee: 'Max fee (gwei)',
  priorityFee: 'Priority fee (gwei)',
  gasPrice: 'Gas price (gwei)',
  data: 'Data (hex)',
  accessList: 'Access list (JSON)',
} as const;

export type OfflineField = keyof typeof OFFLINE_FIELDS;

export class Sign {
  readonly main: Locator;
  readonly offline: Locator;
  readonly broadcast: Locator;
  readonly decoded: Locator;
  readonly signed: Locator;
  readonly rawOutput: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.offline = page.getByRole('form', { name: 'Offline transaction', exact: true });
    this.broadcast = page.getByRole('form', { name: 'Broadcast a signed transaction', exact: true });
    this.decoded = this.main.locator('dl[aria-label="Decoded transaction"]');
    this.signed = page.getByRole('region', { name: 'Signed transaction', exact: true });
    this.rawOutput = this.signed.locator('output[aria-label="Signed transaction (raw hex)"]');
  }

  async openTool(tool: SignTool): Promise<void> {
    await new AppShell(this.page).goTo('Sign');
    await this.page
      .getByRole('navigation', { name: 'Signing tools' })
      .getByRole('link', { name: tool, exact: true })
      .click();
    if (tool === 'Offline transaction') await this.offline.waitFor();
    if (tool === 'Broadcast') await this.broadcast.waitFor();
  }

  field(label: string): Locator {
    return this.main.getByLabel(label, { exact: true });
  }

  offlineField(name: OfflineField): Locator {
    return this.offline.getByLabel(OFFLINE_FIELDS[name], { exact: true });
  }

  async fillOffline(values: Partial<Record<OfflineField, string>>): Promise<void> {
    for (const [name, value] of Object.entries(values) as [OfflineField, string][]) {
      if (name === 'accessList') await this.openAdvanced();
      await this.offlineField(name).fill(value);
    }
  }

  /** Opens the Advanced disclosure (the access list) when it is closed. */
  async openAdvanced(): Promise<void> {
    const details = this.offline.locator('details');
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  }

  async offlineValues(): Promise<Partial<Record<OfflineField, string>>> {
    const values: Partial<Record<OfflineField, string>> = {};
    for (const name of Object.keys(OFFLINE_FIELDS) as OfflineField[]) {
      const field = this.offlineField(name);
      if ((await field.count()) > 0) values[name] = await field.inputValue();
    }
    return values;
  }

  /** The error shown next to a control (tied to it by aria-describedby), or '' when none. */
  async errorOf(control: Locator): Promise<string> {
    const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
    for (const id of describedBy.split(' ')) {
      if (id.endsWith('-error')) return (await this.page.locator(`[id="${id}"]`).textContent()) ?? '';
    }
    return '';
  }

  async offlineError(name: OfflineField): Promise<string> {
    return this.errorOf(this.offlineField(name));
  }

  /** Signs the offline form and returns the raw signed hex shown. */
  async signOffline(): Promise<string> {
    await this.offline.getByRole('button', { name: 'Sign offline' }).click();
    await this.rawOutput.waitFor();
    return (await this.rawOutput.textContent()) ?? '';
  }

  /** The decoded transaction's fields, term → shown text. */
  async decodedFields(): Promise<Record<string, string>> {
    await this.decoded.waitFor();
    const terms = await this.decoded.locator('dt').allTextContents();
    const details = await this.decoded.locator('dd').allTextContents();
    return Object.fromEntries(terms.map((term, i) => [term, details[i] ?? '']));
  }

  async decode(raw: string): Promise<void> {
    await this.field('Signed transaction (raw hex)').fill(raw);
    await this.broadcast.getByRole('button', { name: 'Decode' }).click();
  }
}
