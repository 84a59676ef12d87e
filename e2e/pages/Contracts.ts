// Page object for Contracts: the contract form, saved contracts, functions and the calldata decoder.

import type { Locator, Page } from 'playwright-core';
import { AppShell } from './AppShell.ts';

export type AbiChoice =
  | { source: 'known'; standard: string }
  | { source: 'saved' }
  | { source: 'paste'; text: string }
  | { source: 'explorer' };

export type ValueRow = { name: string; type: string; value: string };

const SOURCE_LABELS: Record<AbiChoice['source'], string | RegExp> = {
  known: 'Known standard',
  saved: /^Saved for this address/,
  paste: 'Paste ABI',
  explorer: /^Fetch verified ABI from your explorer/,
};

export class Contracts {
  readonly contractForm: Locator;
  readonly address: Locator;
  readonly abiChoices: Locator;
  readonly pastedAbi: Locator;
  readonly functions: Locator;
  readonly saved: Locator;
  readonly decoder: Locator;

  constructor(readonly page: Page) {
    this.contractForm = page.getByRole('form', { name: 'Contract', exact: true });
    this.address = this.contractForm.getByLabel('Contract address', { exact: true });
    this.abiChoices = this.contractForm.getByRole('group', { name: 'ABI', exact: true });
    this.pastedAbi = this.contractForm.getByLabel('ABI (JSON or one signature per line)', { exact: true });
    this.functions = page.getByRole('region', { name: 'Functions', exact: true });
    this.saved = page.getByRole('region', { name: /^Saved contracts on / });
    this.decoder = page.getByRole('form', { name: 'Decode calldata', exact: true });
  }

  async open(): Promise<void> {
    await new AppShell(this.page).goTo('Contracts');
    await this.contractForm.waitFor();
  }

  /** Fills the address and the ABI source, then presses Load contract. */
  async load(address: string, abi: AbiChoice): Promise<void> {
    await this.fillContract(address, abi);
    await this.contractForm.getByRole('button', { name: 'Load contract' }).click();
  }

  async fillContract(address: string, abi: AbiChoice): Promise<void> {
    await this.address.fill(address);
    await this.abiChoices.getByRole('radio', { name: SOURCE_LABELS[abi.source] }).check();
    if (abi.source === 'known')
      await this.contractForm.getByLabel('Standard', { exact: true }).selectOption({ label: abi.standard });
    if (abi.source === 'paste') await this.pastedAbi.fill(abi.text);
  }

  /** Waits for the functions of the contract at `address` to show. */
  async waitLoaded(address: string): Promise<void> {
    await this.functions.filter({ hasText: address }).waitFor();
  }

  /** The form of a function, opened: `kind` is Read or Write, `id` its canonical signature (`balanceOf(address)`). */
  async openFunction(kind: 'Read' | 'Write', id: string): Promise<Locator> {
    const form = this.functions.getByRole('form', { name: `${kind} ${id}`, exact: true });
    if ((await form.count()) === 0) {
      const name = id.slice(0, id.indexOf('('));
      const summaries = this.functions
        .getByRole('region', { name: new RegExp(`^${kind} \\(`) })
        .locator('summary')
        .filter({ hasText: new RegExp(`^${name}\\(`) });
      await summaries.first().click();
    }
    await form.waitFor();
    return form;
  }

  field(form: Locator, label: string): Locator {
    return form.getByLabel(label, { exact: true });
  }

  /** Runs a read function with the given argument texts (by field label) and returns its result rows. */
  async read(id: string, args: Record<string, string> = {}): Promise<ValueRow[]> {
    const form = await this.openFunction('Read', id);
    for (const [label, text] of Object.entries(args)) await this.field(form, label).fill(text);
    const name = id.slice(0, id.indexOf('('));
    const result = form.getByRole('status', { name: `Result of ${name}` });
    await form.getByRole('button', { name: 'Read', exact: true }).click();
    await result.locator('dl > div').first().waitFor();
    return rows(result);
  }

  /** The error shown next to a field (tied to it by aria-describedby). */
  async fieldError(field: Locator): Promise<string> {
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    for (const id of describedBy.split(' ')) {
      if (id.endsWith('-error')) return (await this.page.locator(`[id="${id}"]`).textContent()) ?? '';
    }
    return '';
  }

  /** The error shown for the ABI source choice. */
  async sourceError(): Promise<string> {
    const describedBy = (await this.abiChoices.getAttribute('aria-describedby')) ?? '';
    return describedBy ? ((await this.page.locator(`[id="${describedBy}"]`).textContent()) ?? '') : '';
  }

  async saveContract(): Promise<void> {
    await this.functions.getByRole('button', { name: 'Save this contract' }).click();
    await this.functions.getByRole('status').filter({ hasText: 'Saved this contract' }).waitFor();
  }

  savedItem(address: string): Locator {
    return this.saved.getByRole('listitem').filter({ hasText: address });
  }

  async openSaved(address: string): Promise<void> {
    await this.saved.getByRole('button', { name: `Open ${address}`, exact: true }).click();
    await this.waitLoaded(address);
  }

  /** Decodes calldata; returns the decoded part's text and its argument rows. */
  async decode(calldata: string): Promise<{ text: string; rows: ValueRow[] }> {
    await this.decoder.getByLabel('Calldata', { exact: true }).fill(calldata);
    await this.decoder.getByRole('button', { name: 'Decode' }).click();
    const status = this.page.getByRole('status', { name: 'Decoded calldata' });
    await status.locator('p').first().waitFor();
    return { text: (await status.textContent()) ?? '', rows: await rows(status) };
  }
}

/** Decoded values as shown: each a term (name and type) and its exact text. */
async function rows(container: Locator): Promise<ValueRow[]> {
  const out: ValueRow[] = [];
  for (const row of await container.locator('dl > div').all()) {
    const term = ((await row.getByRole('term').textContent()) ?? '').trim();
    const type = ((await row.getByRole('term').locator('code').textContent()) ?? '').trim();
    const name = term.slice(0, term.length - type.length).trim();
    out.push({ name, type, value: (await row.getByRole('definition').textContent()) ?? '' });
  }
  return out;
}
