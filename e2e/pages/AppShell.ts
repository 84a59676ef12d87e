// Page object for the frame around every screen: header, network status, navigation, panels.
import type { Locator, Page } from 'playwright-core';
import type { ScreenEntry } from '../../src/app/paths.ts';

export class AppShell {
  readonly networkChip: Locator;
  readonly accountChip: Locator;
  readonly status: Locator;
  readonly nav: Locator;
  readonly problem: Locator;
  readonly retry: Locator;
  readonly heading: Locator;
  readonly localChainNotice: Locator;
  /** What a screen shows instead of itself when it fails to load or to render. */
  readonly screenFailure: Locator;

  constructor(readonly page: Page) {
    this.networkChip = page.getByRole('banner').getByRole('button', { name: /^Network: / });
    this.accountChip = page.getByRole('banner').getByRole('button', { name: /^Account: / });
    this.status = page.getByRole('region', { name: 'Network status' });
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.problem = page.getByRole('alert');
    this.retry = page.getByRole('button', { name: 'Retry' });
    this.heading = page.getByRole('heading', { level: 1 });
    this.localChainNotice = page.getByRole('complementary', { name: 'Local demo chain' });
    this.screenFailure = page
      .getByRole('alert')
      .filter({ has: page.getByRole('heading', { name: 'This screen stopped working' }) });
  }

  async open(baseUrl: string, screen?: ScreenEntry): Promise<void> {
    await this.page.goto(screen ? `${baseUrl}#${screen.path}` : baseUrl);
    await this.heading.waitFor();
  }

  /** The block number shown in the header, or undefined while none is shown. */
  async shownBlockNumber(): Promise<bigint | undefined> {
    const text = (await this.status.textContent()) ?? '';
    const match = /Block\s*([\d,.\s\u202f]+)/.exec(text);
    return match?.[1] ? BigInt(match[1].replace(/\D/g, '')) : undefined;
  }

  async statusText(): Promise<string> {
    return (await this.status.textContent()) ?? '';
  }

  /** The selected network's name, as its chip says. */
  async selectedNetwork(): Promise<string> {
    return ((await this.networkChip.textContent()) ?? '').replace(/^Network: /, '').trim();
  }

  /** Chooses a network from the header's network menu. */
  async chooseNetwork(name: string): Promise<void> {
    await (await this.openMenu(this.networkChip)).getByRole('button', { name, exact: true }).click();
  }

  /** The networks the network menu offers. */
  async networkNames(): Promise<string[]> {
    const names = await (await this.openMenu(this.networkChip)).getByRole('listitem').allInnerTexts();
    await this.page.keyboard.press('Escape');
    return names.map((n) => n.trim());
  }

  /** The accounts the account menu offers, each as "Name — 0x1234…abcd (tags)". */
  async accountLabels(): Promise<string[]> {
    const items = (await this.openMenu(this.accountChip)).getByRole('region', { name: 'Accounts' }).getByRole('button');
    // Each item's first line: "Name — 0x1234…abcd (tags)"; the value follows it.
    const labels = (await items.allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
    await this.page.keyboard.press('Escape');
    return labels;
  }

  /** Switches account from the account menu, by its label (see accountLabels). */
  async chooseAccount(label: string): Promise<void> {
    const menu = await this.openMenu(this.accountChip);
    await menu.getByRole('region', { name: 'Accounts' }).getByRole('button').filter({ hasText: label }).click();
  }

  /**
   * Follows a link of the account menu (Manage accounts, Add wallet). Opened again if it closed
   * before the click landed: it used to close by itself when the first screen finished loading
   * and took focus (fixed in Screen.tsx); the retry stays for a click that lands mid-render.
   */
  async accountMenuLink(name: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const link = (await this.openMenu(this.accountChip)).getByRole('link', { name, exact: true });
      try {
        await link.click({ timeout: 10_000 });
        return;
      } catch (error) {
        if (attempt === 3 || (await link.isVisible())) throw error;
      }
    }
  }

  /** Locks the wallet from the account menu. */
  async lock(): Promise<void> {
    await (await this.openMenu(this.accountChip)).getByRole('button', { name: 'Lock', exact: true }).click();
  }

  /** Opens a header menu and gives its panel (the one its button controls, not a look-alike on the screen). */
  private async openMenu(chip: Locator): Promise<Locator> {
    await chip.click();
    return this.page.locator(`[id="${await chip.getAttribute('aria-controls')}"]`);
  }

  /** Opens a screen from the main navigation (through More on a phone's tab bar). */
  async goTo(label: string): Promise<void> {
    await this.nav.waitFor();
    const link = this.navLink(label);
    const more = this.nav.getByRole('button', { name: 'More' });
    if ((await more.isVisible()) && !(await link.isVisible())) await more.click();
    await link.click();
  }

  navLink(label: string): Locator {
    return this.nav.getByRole('link', { name: label, exact: true });
  }
}
