// Page objects for history and explorer screens: Activity (the account's history list, its
// filters and CSV export), the transaction page with the header search, and the NFT gallery.

import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { AppShell } from './AppShell.ts';

const digits = (text: string) => BigInt(text.replace(/\D/g, ''));

export class Activity {
  readonly screen: Locator;
  readonly syncStatus: Locator;
  readonly search: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  readonly spamToggle: Locator;
  readonly exportButton: Locator;
  /** "N transactions" or "N of M transactions". */
  readonly countLine: Locator;
  /** Across several networks: where each network's history stands, one line each. */
  readonly networkLines: Locator;
  /** Across several networks: all of them, or one. */
  readonly networkFilter: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByRole('region', { name: 'Activity', exact: true });
    this.syncStatus = this.screen.getByRole('status');
    this.search = this.screen.getByRole('searchbox', { name: 'Search by hash or address', exact: true });
    this.list = this.screen.getByRole('list', { name: 'History', exact: true });
    this.rows = this.list.getByRole('link');
    this.spamToggle = this.screen.getByRole('checkbox', { name: /^Show possible spam and address poisoning/ });
    this.exportButton = this.screen.getByRole('button', { name: /^Export [\d,]+ as CSV$/ });
    // The count line has no role of its own: it is found by its wording.
    this.countLine = this.screen.getByText(/^[\d,]+ (of [\d,]+ )?transactions?$/);
    this.networkLines = this.screen.getByRole('list', { name: 'History per network', exact: true });
    this.networkFilter = this.screen.getByRole('combobox', { name: 'Networks shown', exact: true });
  }

  /** The status line of one network's history ("Local OP chain: up to date at block 41"). */
  networkLine(network: string): Locator {
    // After the network's icon: its name, then where its history stands.
    return this.networkLines.getByRole('listitem').filter({ hasText: `${network}:` });
  }

  /** The rows of entries on `network` (each names its network when the list spans several). */
  rowsOn(network: string): Locator {
    return this.rows.filter({ has: this.page.getByText(network, { exact: true }) });
  }

  async open(): Promise<void> {
    await new AppShell(this.page).goTo('Activity');
    await this.screen.waitFor();
  }

  /** The block the history is synced to, from "Up to date at block N."; undefined while syncing. */
  async syncedTo(): Promise<bigint | undefined> {
    const text = (await this.syncStatus.textContent()) ?? '';
    const match = /Up to date at block ([\d\s,.\u202f\u00a0]+)\./.exec(text);
    return match?.[1] ? digits(match[1]) : undefined;
  }

  /** Waits until the history is synced to at least `block`. */
  async waitSyncedTo(block: bigint, timeout = 20_000): Promise<void> {
    const until = Date.now() + timeout;
    for (;;) {
      const synced = await this.syncedTo();
      if (synced !== undefined && synced >= block) return;
      if (Date.now() > until) throw new Error(`history not synced to block ${block} (status: ${synced ?? 'syncing'})`);
      await this.page.waitForTimeout(100);
    }
  }

  /** The shown and total number of transactions from the count line; undefined while it is not shown. */
  async counts(): Promise<{ shown: number; total: number } | undefined> {
    if ((await this.countLine.count()) === 0) return undefined;
    const text = (await this.countLine.textContent()) ?? '';
    const match = /^([\d,]+)(?: of ([\d,]+))? transactions?$/.exec(text);
    if (!match) return undefined;
    const count = (digits: string) => Number(digits.replace(/,/g, ''));
    const shown = count(match[1] ?? '');
    return { shown, total: match[2] === undefined ? shown : count(match[2]) };
  }

  /** The "(N hidden)" count of the spam toggle's label: 0 when it says none. */
  async hiddenCount(): Promise<number> {
    const label = await this.spamToggle.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '');
    return Number(/\((\d+) hidden\)/.exec(label)?.[1] ?? 0);
  }

  async filter(label: 'Asset' | 'Direction' | 'Status', prefix: string): Promise<void> {
    const select = this.screen.getByRole('combobox', { name: label, exact: true });
    const labels = await select.locator('option').allTextContents();
    const match = labels.find((l) => l === prefix || l.startsWith(`${prefix} `));
    if (!match) throw new Error(`no option "${prefix}" in ${label}: ${labels.join(' | ')}`);
    await select.selectOption({ label: match });
  }

  /** The transaction hashes the visible rows link to (lower case), in the order shown. */
  async shownHashes(): Promise<string[]> {
    const hrefs = await this.rows.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    return hrefs.map((href) => /0x[0-9a-fA-F]{64}/.exec(href)?.[0]?.toLowerCase() ?? '');
  }

  /** Types into the list's search box (a hash finds the row even when it is out of view). */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }

  /** Clicks "Export N as CSV" and reads the downloaded file. */
  async exportCsv(): Promise<{ name: string; text: string; shownInButton: number }> {
    const shownInButton = Number(/\d+/.exec((await this.exportButton.textContent()) ?? '')?.[0]);
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.exportButton.click()]);
    const text = await readFile(await download.path(), 'utf8');
    return { name: download.suggestedFilename(), text, shownInButton };
  }
}

/** One decoded argument as the transaction page's tables show it. */
export type ShownArg = { name: string; type: string; value: string };

export class TransactionPage {
  readonly screen: Locator;
  readonly headerSearch: Locator;
  readonly searchButton: Locator;
  readonly input: Locator;
  readonly events: Locator;
  readonly problem: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByRole('region', { name: 'Transaction', exact: true });
    this.headerSearch = page
      .getByRole('banner')
      .getByRole('searchbox', { name: 'Search by transaction hash, address or ENS name', exact: true });
    this.searchButton = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
    this.input = this.screen.getByRole('region', { name: 'Input', exact: true });
    this.events = this.screen.getByRole('region', { name: /^Events \(\d+\)$/ });
    this.problem = this.screen.getByRole('alert');
  }

  /** Pastes `text` into the header search and submits it. */
  async searchFor(text: string): Promise<void> {
    await this.headerSearch.fill(text);
    await this.searchButton.click();
  }

  async goto(baseUrl: string, hash: string): Promise<void> {
    await this.page.goto(`${baseUrl}#/tx/${hash}`);
    await this.screen.waitFor();
  }

  /** The rows of a decoded-arguments table inside `container`. */
  async args(container: Locator): Promise<ShownArg[]> {
    const rows = await container.getByRole('table').first().getByRole('row').all();
    const shown: ShownArg[] = [];
    for (const row of rows.slice(1)) {
      const [name = '', type = '', value = ''] = (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
      shown.push({ name, type, value });
    }
    return shown;
  }

  /** The decoded events, in log order: their name, the text of the card and their arguments. */
  async decodedEvents(): Promise<{ name: string; text: string; args: ShownArg[] }[]> {
    const out = [];
    for (const item of await this.events.getByRole('listitem').all()) {
      const text = (await item.textContent()) ?? '';
      out.push({ name: /^(.*?) from /.exec(text)?.[1] ?? '', text, args: await this.args(item) });
    }
    return out;
  }
}

export class NftGallery {
  readonly screen: Locator;
  readonly list: Locator;
  readonly cards: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByRole('region', { name: 'NFTs', exact: true });
    this.list = this.screen.getByRole('list', { name: 'NFTs held', exact: true });
    this.cards = this.list.getByRole('listitem');
  }

  async open(): Promise<void> {
    await new AppShell(this.page).goTo('NFTs');
    await this.screen.waitFor();
  }

  /** The cards' titles (their accessible names), in the order shown; empty while none are listed. */
  async titles(): Promise<string[]> {
    if ((await this.list.count()) === 0) return [];
    // Each card is named by its heading (aria-labelledby).
    return this.cards.evaluateAll((items) =>
      items.map((li) => document.getElementById(li.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? ''),
    );
  }

  /** The card's "Send <title>" link, which opens Send with this NFT chosen. */
  sendLink(title: string): Locator {
    return this.list.getByRole('link', { name: `Send ${title}`, exact: true });
  }
}
