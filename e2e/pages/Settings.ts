// Page object for Settings: its index of sections, each section's screen, and the ways between
// them (the list of sections beside a section on wide screens, the link back to the index on
// narrow ones).
import type { Locator, Page } from 'playwright-core';
import { sectionsOf } from '../../src/app/paths.ts';
import { words } from '../../src/testing/catalogWords.ts';
import { AppShell } from './AppShell.ts';

/** The sections, by the label the route registry gives them, in English. */
export const settingsSections = sectionsOf('settings').map((s) => words('en', s.label));

export class Settings {
  readonly shell: AppShell;
  readonly main: Locator;
  /** The list of sections beside an open section. */
  readonly sectionNav: Locator;
  /** The link from a section back to the index. */
  readonly backLink: Locator;

  constructor(readonly page: Page) {
    this.shell = new AppShell(page);
    this.main = page.getByRole('main');
    this.sectionNav = this.main.getByRole('navigation', { name: 'Settings', exact: true });
    this.backLink = this.main.getByRole('link', { name: 'All settings', exact: true });
  }

  /** Opens Settings from the main navigation and waits for its index. */
  async openIndex(): Promise<void> {
    await this.shell.goTo('Settings');
    await this.main.getByRole('heading', { level: 1, name: 'Settings', exact: true }).waitFor();
  }

  /** A section's link in the index. */
  indexLink(name: string): Locator {
    return this.main.getByRole('list').getByRole('link', { name, exact: true });
  }

  /** A section's screen: a region named by its heading. */
  section(name: string): Locator {
    return this.main.getByRole('region', { name, exact: true });
  }

  /** Opens a section as a person does: Settings in the main navigation, then the section's link. */
  async open(name: string): Promise<Locator> {
    await this.openIndex();
    await this.indexLink(name).click();
    const section = this.section(name);
    await section.waitFor();
    return section;
  }

  /** Sets a network's RPC URLs in Settings → Networks and saves them (once its node answered). */
  async setRpcUrls(network: string, urls: readonly string[]): Promise<void> {
    const section = await this.open('Networks');
    await section.getByRole('button', { name: `Edit ${network}`, exact: true }).click();
    const form = section.getByRole('form', { name: `Edit ${network}`, exact: true });
    await form.getByLabel('RPC URLs').fill(urls.join('\n'));
    await form.getByRole('button', { name: 'Save network' }).click();
    await form.waitFor({ state: 'detached' });
  }

  /** Adds a network by its RPC URL in Settings → Networks, as a person does (saved once its node answered). */
  async addNetwork(network: { name: string; rpcUrl: string; chainId: number; symbol: string }): Promise<void> {
    const section = await this.open('Networks');
    await section.getByRole('button', { name: 'Add a network', exact: true }).click();
    const form = section.getByRole('form', { name: 'Add a network', exact: true });
    await form.getByLabel('Network name').fill(network.name);
    await form.getByLabel('RPC URLs').fill(network.rpcUrl);
    await form.getByLabel('Chain id').fill(String(network.chainId));
    await form.getByLabel('Currency symbol').fill(network.symbol);
    await form.getByRole('button', { name: 'Save network' }).click();
    await form.waitFor({ state: 'detached' });
  }

  /** Settings → Networks' "Include … in Home's total" of a network. */
  followBox(network: string): Locator {
    return this.section('Networks').getByRole('checkbox', { name: followLabel(network), exact: true });
  }

  /**
   * Follows exactly `networks` in Settings → Networks: those first, then leaves the others (the
   * last followed network cannot be left, so the order matters).
   */
  async followOnly(networks: readonly string[]): Promise<void> {
    const section = await this.open('Networks');
    for (const name of networks) await this.followBox(name).check();
    const wanted = new Set(networks.map(followLabel));
    for (const box of await section.getByRole('checkbox', { name: /^Include .* in Home’s total$/ }).all()) {
      const label = await box.evaluate((el) => el.closest('label')?.textContent ?? '');
      if (!wanted.has(label) && (await box.isChecked())) await box.uncheck();
    }
  }
}

const followLabel = (network: string) => `Include ${network} in Home’s total`;
